import { videoTypeCatalogue } from "@reelsmith/core";

export type FooterGroup = "product" | "resources" | "company" | "legal";

export interface SiteRoute {
  label: string;
  path: string;
  /** False until the page exists: the link is not rendered (or is shown disabled), never a dead link. */
  available: boolean;
  /** Shown in the public header. */
  header?: boolean;
  /** Footer column it belongs to, if any. */
  footer?: FooterGroup;
}

/**
 * The one registry of public pages. Header, footer and the signed-in sidebar read it; a later issue that
 * builds a page flips its `available` flag and every link to it appears.
 */
export const publicRoutes: readonly SiteRoute[] = [
  { label: "Features", path: "/#features", available: true, header: true, footer: "product" },
  { label: "FAQ", path: "/faq", available: true, header: true, footer: "resources" },
  { label: "Pricing", path: "/pricing", available: true, header: true, footer: "product" },
  { label: "Bespoke Solutions", path: "/bespoke", available: true, header: true },
  { label: "Blog", path: "/blog", available: true, footer: "resources" },
  { label: "API reference", path: "/docs/api", available: true, footer: "resources" },
  { label: "About", path: "/about", available: true, footer: "company" },
  { label: "Contact", path: "/contact", available: true, footer: "company" },
  { label: "Privacy", path: "/privacy", available: true, footer: "legal" },
  { label: "Terms", path: "/terms", available: true, footer: "legal" },
  // Linked from the landing page, the FAQ, the contact page and the signed-in sidebar, not the footer.
  { label: "Demo", path: "/demo", available: true },
  { label: "Help & Support", path: "/support", available: true },
  { label: "Features overview", path: "/features", available: true },
];

/**
 * Where a free trial starts: /auth on its Sign Up tab. Every "Start Free Trial" (and every other way in
 * offered to a new visitor) leads here; "Sign In" leads to plain /auth.
 */
export const SIGN_UP_PATH = "/auth?tab=signup";

/** Builder pages of the signed-in area, one per video type (every type has its builder: `app/builders.ts`). */
export const builderRoutes: readonly SiteRoute[] = videoTypeCatalogue.map((type) => ({
  label: type.name,
  path: type.route,
  available: true,
}));

export function isRouteAvailable(path: string): boolean {
  const route = [...publicRoutes, ...builderRoutes].find((r) => r.path === path);
  return route?.available ?? false;
}

/**
 * The header's links. "Features" scrolls to the landing page's section (from another page via "/"
 * first); a signed-in visitor is sent from "/" to /home, so for them it opens the /features page.
 */
export function headerRoutes(signedIn = false): SiteRoute[] {
  return publicRoutes
    .filter((r) => r.available && r.header)
    .map((r) => (signedIn && r.path === "/#features" ? { ...r, path: "/features" } : r));
}

export const FOOTER_GROUPS: readonly { id: FooterGroup; label: string }[] = [
  { id: "product", label: "Product" },
  { id: "resources", label: "Resources" },
  { id: "company", label: "Company" },
  { id: "legal", label: "Legal" },
];

export function footerRoutes(group: FooterGroup): SiteRoute[] {
  return publicRoutes.filter((r) => r.available && r.footer === group);
}

/** Where "Create Video" goes: the music-video builder once it exists, the Creator Studio until then. */
export function createVideoPath(): string {
  return isRouteAvailable("/create-video") ? "/create-video" : "/create";
}

export const socialLinks: readonly { label: "TikTok" | "YouTube" | "X"; href: string }[] = [
  { label: "TikTok", href: import.meta.env.VITE_SOCIAL_TIKTOK_URL || "https://www.tiktok.com/" },
  { label: "YouTube", href: import.meta.env.VITE_SOCIAL_YOUTUBE_URL || "https://www.youtube.com/" },
  { label: "X", href: import.meta.env.VITE_SOCIAL_X_URL || "https://x.com/" },
];
