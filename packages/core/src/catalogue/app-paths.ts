import { videoTypeCatalogue } from "../video-types/catalogue.ts";
import { blogArticle, SITE_PAGES } from "./site.ts";

/**
 * The web app's pages that are neither public site pages (`SITE_PAGES`) nor builders
 * (`videoTypeCatalogue`), as react-router patterns (`:name` is one path segment). The web router
 * declares exactly these (a web test compares them), and the server answers 404 for any other page path.
 */
export const APP_PAGE_PATHS = [
  "/auth",
  "/email-confirmed",
  "/blog/:slug",
  "/home",
  "/dashboard",
  "/create",
  "/create/batches/:id",
  "/ai-ugc-ads/guidelines",
  "/settings",
  "/help",
  "/affiliate",
  "/checkout/test/:id",
  "/billing/portal",
  "/billing/test-portal",
  // Old addresses that redirect to the public pages.
  "/app/faq",
  "/dashboard/faq",
  "/app/features",
  "/dashboard/features",
] as const;

/** Every page path pattern the web app renders: public pages, builders, then the app's own. */
export function knownPagePatterns(): string[] {
  return [
    ...new Set([
      ...SITE_PAGES.map((page) => page.path),
      ...videoTypeCatalogue.map((type) => type.route),
      ...APP_PAGE_PATHS,
    ]),
  ];
}

function segments(path: string): string[] {
  return path.split("/").filter(Boolean);
}

/** Parameters that name something the app knows without asking the server (a blog article's slug). */
const PARAM_CHECKS: Record<string, (value: string) => boolean> = {
  "/blog/:slug": (slug) => blogArticle(slug) !== undefined,
};

/**
 * Whether a path is one of the web app's pages, matched like the router matches (letter case and one
 * trailing slash do not matter). Anything else is the not-found page, served with status 404.
 */
export function isKnownPagePath(pathname: string): boolean {
  const wanted = segments(pathname.toLowerCase());
  return knownPagePatterns().some((pattern) => {
    const parts = segments(pattern);
    if (parts.length !== wanted.length) return false;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      const value = wanted[i] as string;
      if (part.startsWith(":")) {
        const check = PARAM_CHECKS[pattern];
        if (check && !check(value)) return false;
      } else if (part !== value) {
        return false;
      }
    }
    return true;
  });
}
