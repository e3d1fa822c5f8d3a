import { useEffect } from "react";
import { useLocation } from "react-router";

export const SITE_NAME = "Reelsmith";

export interface PageMeta {
  title: string;
  description: string;
  /** Public pages are indexed; the signed-in area is not. */
  robots?: "index, follow" | "noindex, nofollow";
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

/** Sets the document title, description, canonical URL (origin + pathname) and robots tag for the current page. */
export function usePageMeta({ title, description, robots = "index, follow" }: PageMeta) {
  const { pathname } = useLocation();

  useEffect(() => {
    const fullTitle = formatTitle(title);
    const canonical = `${window.location.origin}${pathname}`;
    document.title = fullTitle;
    upsertMeta("name", "description", description);
    upsertMeta("name", "robots", robots);
    upsertMeta("property", "og:title", fullTitle);
    upsertMeta("property", "og:description", description);
    upsertMeta("property", "og:url", canonical);
    upsertCanonical(canonical);
  }, [title, description, robots, pathname]);
}
