import { pageMetaFor, SITE_NAME } from "@reelsmith/core";
import { createElement, useEffect } from "react";
import { useLocation } from "react-router";

import { publicConfig } from "./public-config";

export { SITE_NAME };

export interface PageMeta {
  title: string;
  description: string;
  /** Public pages are indexed; the signed-in area is not. */
  robots?: "index, follow" | "noindex, nofollow";
  /** Open Graph type: articles are "article". */
  type?: "website" | "article";
}

function upsertMeta(attribute: "name" | "property", key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute("content", content);
}

function upsertCanonical(href: string) {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement("link");
    element.rel = "canonical";
    document.head.appendChild(element);
  }
  element.href = href;
}

export function formatTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/** The absolute URL of a path on the public address (PUBLIC_URL). */
export function absoluteUrl(path: string): string {
  return `${publicConfig().publicUrl}${path}`;
}

/**
 * Sets the document title, description, canonical URL (public address + pathname), robots, and the
 * Open Graph and Twitter tags for the current page.
 */
export function usePageMeta({ title, description, robots = "index, follow", type = "website" }: PageMeta) {
  const { pathname } = useLocation();

  useEffect(() => {
    const fullTitle = formatTitle(title);
    const canonical = absoluteUrl(pathname);
    const image = absoluteUrl("/og-image.png");
    document.title = fullTitle;
    upsertMeta("name", "description", description);
    upsertMeta("name", "robots", robots);
    upsertMeta("property", "og:site_name", SITE_NAME);
    upsertMeta("property", "og:type", type);
    upsertMeta("property", "og:title", fullTitle);
    upsertMeta("property", "og:description", description);
    upsertMeta("property", "og:url", canonical);
    upsertMeta("property", "og:image", image);
    upsertMeta("name", "twitter:card", "summary_large_image");
    upsertMeta("name", "twitter:title", fullTitle);
    upsertMeta("name", "twitter:description", description);
    upsertMeta("name", "twitter:image", image);
    upsertCanonical(canonical);
  }, [title, description, robots, type, pathname]);
}

/** The tags of a public page from the shared site catalogue (the server writes the same ones into the HTML). */
export function useSitePageMeta(path: string) {
  const page = pageMetaFor(path);
  if (!page) throw new Error(`${path} is not in the site catalogue`);
  usePageMeta({ title: page.title, description: page.description, type: page.ogType ?? "website" });
}

/** Structured data (schema.org JSON-LD) for search engines. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  // A text child, set through the DOM, not parsed as HTML; "<" is escaped for the server-rendered case too.
  return createElement("script", { type: "application/ld+json" }, JSON.stringify(data).replaceAll("<", "\\u003c"));
}
