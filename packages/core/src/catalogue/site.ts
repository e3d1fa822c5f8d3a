/**
 * The public site's pages: path, title and description. The web app sets each page's tags from it,
 * the server builds sitemap.xml from it and writes the same tags into the HTML it serves, so a
 * crawler that runs no JavaScript reads them too.
 */
export interface SitePage {
  path: string;
  title: string;
  description: string;
  /** Sitemap hint, 0..1. */
  priority: number;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  /** Open Graph type. */
  ogType?: "website" | "article";
}

export const SITE_NAME = "Reelsmith";

/**
 * Stands for the public address in HTML pre-rendered at build time (before the address is known);
 * the server writes PUBLIC_URL in its place when it serves the page.
 */
export const PUBLIC_URL_PLACEHOLDER = "https://reelsmith.invalid/__public_url__";

export const SITE_PAGES: readonly SitePage[] = [
  {
    path: "/",
    title: "Reelsmith — Create viral short videos in seconds",
    description:
      "Make Reddit stories, UGC ads, music videos, green-screen memes and faceless AI videos for TikTok, Reels and Shorts. 20 free credits, no credit card required.",
    priority: 1,
    changefreq: "weekly",
  },
  {
    path: "/features",
    title: "Features — five AI video creators",
    description:
      "Faceless AI videos, AI UGC ads, music videos with text hooks, green-screen memes and Reddit stories: five creators that each finish a 1080×1920 video for you.",
    priority: 0.9,
    changefreq: "monthly",
  },
  {
    path: "/pricing",
    title: "Pricing",
    description: "Reelsmith plans: start free with 20 credits, then Starter, Pro, Agency or Enterprise.",
    priority: 0.9,
    changefreq: "monthly",
  },
  {
    path: "/faq",
    title: "Frequently asked questions",
    description:
      "How credits work, what each video type costs, how long rendering takes, who owns the videos and how to run Reelsmith on your own server.",
    priority: 0.8,
    changefreq: "monthly",
  },
  {
    path: "/demo",
    title: "Product walkthrough",
    description:
      "A guided tour of Reelsmith: the Reddit story builder, UGC ads, green-screen memes, faceless AI videos and the full workflow from script to export.",
    priority: 0.7,
    changefreq: "monthly",
  },
  {
    path: "/bespoke",
    title: "Bespoke Solutions — done-for-you UGC campaigns",
    description:
      "Done-for-you UGC campaigns and influencer seeding for brands and agencies: we script, produce and deliver batches of short videos, or run Reelsmith on your servers.",
    priority: 0.6,
    changefreq: "monthly",
  },
  {
    path: "/about",
    title: "About Reelsmith",
    description:
      "Reelsmith is an open-source, self-hostable studio that turns a script, a photo or a song into a finished vertical video, without anyone on camera.",
    priority: 0.6,
    changefreq: "monthly",
  },
  {
    path: "/blog",
    title: "Blog — short-form video playbooks",
    description:
      "Practical guides to short-form video: hooks, retention, posting cadence and faceless formats for TikTok, Reels and Shorts.",
    priority: 0.8,
    changefreq: "weekly",
  },
  {
    path: "/support",
    title: "Help & Support",
    description: "Answers, guides, video tutorials and a direct line to the Reelsmith team.",
    priority: 0.5,
    changefreq: "monthly",
  },
  {
    path: "/docs/api",
    title: "API reference",
    description:
      "The Reelsmith REST API, MCP server and webhooks: authenticate with a personal API key, then upload, create, poll and download videos.",
    priority: 0.5,
    changefreq: "monthly",
  },
  {
    path: "/contact",
    title: "Contact us",
    description: "Questions about Reelsmith, plans, bespoke campaigns or self-hosting? Send us a message.",
    priority: 0.5,
    changefreq: "yearly",
  },
  {
    path: "/privacy",
    title: "Privacy Policy",
    description:
      "What Reelsmith collects, how it is used, and what it never does: no training on your private content and no sale of your data.",
    priority: 0.3,
    changefreq: "yearly",
  },
  {
    path: "/terms",
    title: "Terms of Service",
    description: "The terms for using Reelsmith: accounts, acceptable use, payment, content ownership, limits and law.",
    priority: 0.3,
    changefreq: "yearly",
  },
];

export interface BlogArticleMeta {
  slug: string;
  title: string;
  description: string;
  tag: "Growth" | "Faceless" | "Editing" | "Hooks" | "Formats";
  /** Minutes: the article's word count at 230 words a minute, rounded up (a web test keeps it true). */
  readMinutes: number;
  views: number;
  /** ISO date. */
  publishedAt: string;
}

/** The five articles of /blog, newest first. Bodies live with the web app (web/src/features/blog/articles). */
export const BLOG_ARTICLES: readonly BlogArticleMeta[] = [
  {
    slug: "how-to-create-viral-tiktok-content",
    title: "How to create viral TikTok content in 2025: a repeatable system",
    description:
      "Virality is not luck. The hook, the retention curve, the loop and the posting rhythm that make short videos travel, and how to build them into every post.",
    tag: "Growth",
    readMinutes: 6,
    views: 48_210,
    publishedAt: "2025-08-26",
  },
  {
    slug: "from-zero-to-millions-faceless-tiktok-pages",
    title: "From zero to millions: how faceless TikTok pages grow",
    description:
      "Faceless pages win on format, not personality. The niches, formats, cadence and monetisation paths behind pages that grow without anyone on camera.",
    tag: "Faceless",
    readMinutes: 5,
    views: 36_940,
    publishedAt: "2025-08-12",
  },
  {
    slug: "why-traditional-video-editing-is-dead",
    title: "Why traditional video editing is dead for short-form",
    description:
      "A timeline editor was built for films, not for fifty vertical clips a month. What replaces it, what you keep, and where a human editor still earns their fee.",
    tag: "Editing",
    readMinutes: 5,
    views: 22_385,
    publishedAt: "2025-07-29",
  },
  {
    slug: "first-three-seconds-hooks-that-stop-the-scroll",
    title: "The first three seconds: hooks that stop the scroll",
    description:
      "Twelve hook patterns that work on TikTok, Reels and Shorts, why they work, and how to write, show and say a hook so viewers stay for the second sentence.",
    tag: "Hooks",
    readMinutes: 5,
    views: 31_067,
    publishedAt: "2025-07-15",
  },
  {
    slug: "reddit-story-videos-playbook",
    title: "The Reddit story video playbook: scripts, voices and gameplay",
    description:
      "How to pick stories, rewrite them for the ear, choose a voice and background, caption them and post them so a Reddit story channel keeps growing.",
    tag: "Formats",
    readMinutes: 5,
    views: 27_512,
    publishedAt: "2025-07-01",
  },
];

export function sitePage(path: string): SitePage | undefined {
  return SITE_PAGES.find((page) => page.path === path);
}

export function blogArticle(slug: string): BlogArticleMeta | undefined {
  return BLOG_ARTICLES.find((article) => article.slug === slug);
}

/** Title and description of any public path, articles included; undefined for paths that are not public pages. */
export function pageMetaFor(path: string): SitePage | undefined {
  const page = sitePage(path);
  if (page) return page;
  const match = /^\/blog\/([a-z0-9-]+)$/.exec(path);
  const article = match?.[1] ? blogArticle(match[1]) : undefined;
  if (!article) return undefined;
  return {
    path,
    title: article.title,
    description: article.description,
    priority: 0.7,
    changefreq: "monthly",
    ogType: "article",
  };
}

/** Every indexable path, pages then articles: the sitemap's content. */
export function sitemapPages(): SitePage[] {
  return [
    ...SITE_PAGES,
    ...BLOG_ARTICLES.map((a) => pageMetaFor(`/blog/${a.slug}`)).filter((p): p is SitePage => p !== undefined),
  ];
}
