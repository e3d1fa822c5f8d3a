import { PUBLIC_URL_PLACEHOLDER, type PublicConfig, pageMetaFor, SITE_NAME } from "@reelsmith/core";

/** `&`, `<`, `>` and quotes escaped for an HTML attribute or text node. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** JSON safe inside a <script> element: no `</script>` or `<!--` can close it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/**
 * The SPA's index.html for one path: the page's title, description, canonical URL, robots, Open
 * Graph and Twitter tags written in (the app keeps them current as the visitor navigates), the public
 * config as JSON, and the web-analytics script when one is configured. Paths that are not public
 * pages keep the template's defaults. The payment mode is also an attribute of <html>
 * (`data-payments`), so pre-rendered markup can show the test-checkout notice before its script runs.
 */
export function renderIndexHtml(template: string, pathname: string, config: PublicConfig): string {
  // URL serialisation percent-encodes quotes and angle brackets, so the address is safe in HTML and JSON.
  const base = new URL(config.publicUrl).href.replace(/\/+$/, "");
  const page = pageMetaFor(pathname);
  const head: string[] = [];
  // Pre-rendered pages carry a placeholder wherever the public address belongs (structured data).
  let html = template
    .replaceAll(PUBLIC_URL_PLACEHOLDER, base)
    .replace(/<html(?=[\s>])/, `<html data-payments="${config.payments.mode}"`);
  if (page) {
    const title = escapeHtml(fullTitle(page.title));
    const description = escapeHtml(page.description);
    const url = escapeHtml(`${base}${page.path}`);
    const image = escapeHtml(`${base}/og-image.png`);
    html = html.replace(/<title>[\s\S]*?<\/title>/, `<title>${title}</title>`);
    html = html.replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      `<meta name="description" content="${description}" />`,
    );
    head.push(
      `<link rel="canonical" href="${url}" />`,
      `<meta property="og:site_name" content="${SITE_NAME}" />`,
      `<meta property="og:type" content="${page.ogType ?? "website"}" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${url}" />`,
      `<meta property="og:image" content="${image}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${title}" />`,
      `<meta name="twitter:description" content="${description}" />`,
      `<meta name="twitter:image" content="${image}" />`,
    );
  }
  head.push(`<script id="reelsmith-config" type="application/json">${scriptJson(config)}</script>`);
  const web = config.analytics.web;
  if (web) {
    head.push(`<script defer data-domain="${escapeHtml(web.domain)}" src="${escapeHtml(web.scriptUrl)}"></script>`);
  }
  return html.replace("</head>", `    ${head.join("\n    ")}\n  </head>`);
}
