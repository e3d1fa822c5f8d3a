import { PUBLIC_URL_PLACEHOLDER, type PublicConfig } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { renderIndexHtml, scriptJson } from "./html.ts";

const TEMPLATE = `<!doctype html><html><head>
<title>Reelsmith — default</title>
<meta
  name="description"
  content="default description"
/>
</head><body><div id="root"></div></body></html>`;

const config: PublicConfig = {
  publicUrl: "https://studio.example.com/",
  payments: { mode: "stripe" },
  analytics: { pixel: null, web: null },
};

describe("renderIndexHtml", () => {
  it("writes a public page's title, description, canonical and social tags", () => {
    const html = renderIndexHtml(TEMPLATE, "/faq", config);
    expect(html).toContain("<title>Frequently asked questions | Reelsmith</title>");
    expect(html).toMatch(/<meta name="description" content="How credits work[^"]*" \/>/);
    expect(html).not.toContain("default description");
    expect(html).toContain('<link rel="canonical" href="https://studio.example.com/faq" />');
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta property="og:image" content="https://studio.example.com/og-image.png" />');
  });

  it("marks articles as articles and leaves other paths with the defaults", () => {
    expect(renderIndexHtml(TEMPLATE, "/blog/reddit-story-videos-playbook", config)).toContain(
      '<meta property="og:type" content="article" />',
    );
    const home = renderIndexHtml(TEMPLATE, "/home", config);
    expect(home).toContain("<title>Reelsmith — default</title>");
    expect(home).not.toContain('rel="canonical"');
  });

  it("embeds the public config and loads the web-analytics script only when configured", () => {
    const off = renderIndexHtml(TEMPLATE, "/", config);
    expect(off).toContain('<script id="reelsmith-config" type="application/json">{"publicUrl"');
    expect(off).not.toContain("data-domain");
    const on = renderIndexHtml(TEMPLATE, "/", {
      ...config,
      analytics: { pixel: null, web: { scriptUrl: "https://stats.example.com/js/script.js", domain: "a&b.com" } },
    });
    expect(on).toContain(
      '<script defer data-domain="a&amp;b.com" src="https://stats.example.com/js/script.js"></script>',
    );
  });

  it("marks <html> with the payment mode, for markup that shows before the page's script runs", () => {
    expect(renderIndexHtml(TEMPLATE, "/pricing", config)).toContain('<html data-payments="stripe">');
    const test = renderIndexHtml('<html lang="en" class="dark"><head></head></html>', "/pricing", {
      ...config,
      payments: { mode: "test" },
    });
    expect(test).toContain('<html data-payments="test" lang="en" class="dark">');
  });

  it("writes the public address where pre-rendered pages hold its placeholder", () => {
    const html = renderIndexHtml(
      `${TEMPLATE}<script type="application/ld+json">{"url":"${PUBLIC_URL_PLACEHOLDER}/faq"}</script>`,
      "/faq",
      config,
    );
    expect(html).toContain('{"url":"https://studio.example.com/faq"}');
    expect(html).not.toContain(PUBLIC_URL_PLACEHOLDER);
  });

  it("cannot be broken out of by a value that contains </script>", () => {
    expect(scriptJson({ v: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
