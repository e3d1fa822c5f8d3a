import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { BLOG_ARTICLES, messages } from "@reelsmith/core";
import { openHydrated, signUp, snap } from "./helpers.ts";

/** Every public page and the heading a visitor must see on it. */
const PAGES: Array<[path: string, heading: string | RegExp]> = [
  ["/", /Create viral content in seconds/],
  ["/features", "Five creators, one studio"],
  ["/faq", "Frequently asked questions"],
  ["/pricing", "Simple plans that grow with your page"],
  ["/bespoke", "Short-form campaigns, done for you"],
  ["/demo", "See Reelsmith from first script to finished video"],
  ["/about", "We build the editor you never have to open"],
  ["/support", "How can we help?"],
  ["/privacy", "Privacy Policy"],
  ["/terms", "Terms of Service"],
  ["/contact", "Talk to the Reelsmith team"],
  ["/blog", "Short-form video playbooks"],
  ["/docs/api", "API reference"],
  ...BLOG_ARTICLES.map((a): [string, string] => [`/blog/${a.slug}`, a.title]),
];

const name = (path: string) => (path === "/" ? "landing" : path.slice(1).replaceAll("/", "_"));

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("every public page renders its heading, its own tags, and has no serious accessibility violations", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const report: string[] = [];
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`${path === "/" ? "/" : path}$`),
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Reelsmith/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const violations = await seriousViolations(page);
    report.push(`${path}: ${violations.length} serious/critical`);
    expect(violations, path).toEqual([]);
  }
  console.log(`axe (1440 px):\n  ${report.join("\n  ")}`);
});

test("the landing page has no serious accessibility violations on a phone either", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/contact", "/faq"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test("screenshots of every public page at 390 and 1440 px", async ({ page }) => {
  test.setTimeout(300_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [path, heading] of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      await page.waitForLoadState("networkidle");
      await snap(page, `${name(path)}-${width}`);
    }
  }
});

test("the FAQ accordion opens the first answer and keeps one open at a time", async ({ page }) => {
  await openHydrated(page, "/faq");
  const triggers = page.locator("[data-slot=accordion-trigger]");
  await expect(triggers).toHaveCount(15);
  await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "true");
  await triggers.nth(4).click();
  await expect(triggers.nth(4)).toHaveAttribute("aria-expanded", "true");
  await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("[data-slot=accordion-trigger][aria-expanded=true]")).toHaveCount(1);
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({ "@type": "FAQPage" });
});

test("the preview carousel plays the hovered card from the start and returns to the middle", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHydrated(page, "/");
  const carousel = page.getByTestId("preview-carousel");
  const cards = carousel.getByRole("button");
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(1)).toHaveAttribute("aria-pressed", "true");
  await cards.nth(0).hover();
  await expect(cards.nth(0)).toHaveAttribute("aria-pressed", "true");
  await expect(cards.nth(1)).toHaveAttribute("aria-pressed", "false");
  await expect
    .poll(() =>
      cards
        .nth(0)
        .locator("video")
        .evaluate((v: HTMLVideoElement) => !v.paused && v.muted),
    )
    .toBe(true);
  await expect
    .poll(() =>
      cards
        .nth(1)
        .locator("video")
        .evaluate((v: HTMLVideoElement) => v.paused),
    )
    .toBe(true);
  await page.mouse.move(10, 890);
  await expect(cards.nth(1)).toHaveAttribute("aria-pressed", "true");
});

test("the clip carousel shows sixteen clips with view counts and pauses under the pointer", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHydrated(page, "/");
  // The lower half hydrates (and shows the clips) as the visitor scrolls towards it.
  await page.mouse.wheel(0, 1600);
  const carousel = page.getByTestId("clip-carousel");
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator("li:not([aria-hidden])")).toHaveCount(16);
  await expect(carousel.getByText(/views$/).first()).toBeVisible();
  const track = carousel.getByRole("list");
  await expect(track).toHaveCSS("animation-play-state", "running");
  // The cards move, so point at the middle of the row rather than at one card.
  const box = await carousel.boundingBox();
  if (!box) throw new Error("the clip carousel is not laid out");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(track).toHaveCSS("animation-play-state", "paused");
  await expect
    .poll(() => carousel.locator("video").evaluateAll((vs) => vs.filter((v) => !(v as HTMLVideoElement).paused).length))
    .toBe(1);
});

test("on a phone: a poster that starts a muted looping video, and the shorts rail", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHydrated(page, "/");
  const poster = page.getByTestId("mobile-preview");
  await expect(poster.locator("video")).toHaveCount(0);
  await poster.click();
  await expect
    .poll(() => poster.locator("video").evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.loop))
    .toBe(true);
  await expect(page.getByTestId("shorts-rail").getByRole("button")).toHaveCount(16);
  await expect(page.getByTestId("clip-carousel")).toBeHidden();
});

test("how it works moves to a clicked step", async ({ page }) => {
  await openHydrated(page, "/");
  // As a visitor scrolls towards it, the lower half hydrates (the clips appear with it).
  await page.mouse.wheel(0, 1600);
  await expect(page.getByTestId("clip-carousel")).toBeAttached();
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(3);
  await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
  await tabs.nth(2).click();
  await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toBeVisible();
});

test("the contact form asks for every field, then sends and clears", async ({ page }) => {
  await openHydrated(page, "/contact");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: messages.contact.fillAllFields })).toBeVisible();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("E-mail").fill("ada@example.com");
  await page.getByLabel("Subject").fill("Agency plan");
  await page.getByLabel("Message", { exact: true }).fill("Can we run one server for twelve brands?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: messages.contact.sent })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("");
  await expect(page.getByRole("link", { name: /FAQ/ }).last()).toHaveAttribute("href", "/faq");
  for (const social of ["TikTok", "YouTube", "X"]) {
    await expect(page.locator("main").getByRole("link", { name: new RegExp(`^${social}`) })).toHaveAttribute(
      "target",
      "_blank",
    );
  }
});

test("a pre-rendered page asks for its scripts only after its first frame, and the test checkout's notice holds its place", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // The page as sent names no script to fetch before it paints.
  const sent = await (await page.request.get("/pricing")).text();
  expect(sent).not.toMatch(/<script[^>]*type="module"|rel="modulepreload"/);

  // Frames held back: the page shows as sent and fetches no script; the first frame starts them.
  await page.addInitScript(() => {
    const held: FrameRequestCallback[] = [];
    Object.assign(window, { __heldFrames: held });
    window.requestAnimationFrame = (callback) => held.push(callback);
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/[^/]+\.js$/.test(request.url())) scripts.push(request.url());
  });
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Simple plans");
  await page.waitForTimeout(1000);
  expect(scripts).toEqual([]);
  await page.evaluate(() => {
    const held = (window as unknown as { __heldFrames: FrameRequestCallback[] }).__heldFrames;
    for (const callback of held.splice(0)) callback(performance.now());
  });
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // The e2e server runs the built-in test checkout: its notice is in the page before the script runs,
  // so the plans below it do not move when the page comes alive.
  page = await page.context().newPage();
  await page.setViewportSize({ width: 412, height: 823 });
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/pricing");
  const notice = page.getByRole("note").filter({ hasText: messages.billing.testModeNotice });
  await expect(notice).toBeVisible();
  const before = await page.getByRole("radiogroup", { name: "Billing period" }).boundingBox();
  await page.unroute("**/assets/*.js");
  await openHydrated(page, "/pricing");
  await expect(notice).toBeVisible();
  const after = await page.getByRole("radiogroup", { name: "Billing period" }).boundingBox();
  expect(after?.y).toBe(before?.y);
});

test("the contact form keeps what a visitor typed before the page's script ran, and sends it", async ({ page }) => {
  // Hold the scripts back: the visitor types into the pre-rendered form before it hydrates.
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back too: wait only for the response, then for the form.
  await page.goto("/contact", { waitUntil: "commit" });
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("E-mail").fill("grace@example.com");
  const send = page.getByRole("button", { name: "Send message" });
  await expect(send).toBeDisabled();
  release();
  await expect(send).toBeEnabled();
  await page.getByLabel("Subject").fill("Before and after");
  await page.getByLabel("Message", { exact: true }).fill("Typed while the page was still loading.");
  await expect(page.getByLabel("First name")).toHaveValue("Grace");
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/contact") && request.method() === "POST");
  await send.click();
  expect((await sent).postDataJSON()).toMatchObject({
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.com",
    subject: "Before and after",
  });
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: messages.contact.sent })).toBeVisible();
});

test("the contact form reports the server's refusal", async ({ page }) => {
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ code: "RATE_LIMITED", message: messages.contact.rateLimited, requestId: "r" }),
    }),
  );
  await openHydrated(page, "/contact");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("E-mail").fill("ada@example.com");
  await page.getByLabel("Subject").fill("Hello");
  await page.getByLabel("Message", { exact: true }).fill("Hello there");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(
    page
      .locator("[data-sonner-toast]")
      .filter({ hasText: messages.contact.sendFailedWith(messages.contact.rateLimited) }),
  ).toBeVisible();
});

test("header Features goes to the landing page's section, from another page via /", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHydrated(page, "/pricing");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Features" }).click();
  await expect(page).toHaveURL(/\/#features$/);
  await expect
    .poll(() => page.evaluate(() => document.getElementById("features")?.getBoundingClientRect().top ?? 999))
    .toBeLessThan(120);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bespoke Solutions" }).click();
  await page.getByRole("link", { name: "Get In Contact" }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("pages lead where the spec says, signed out and signed in", async ({ page }) => {
  await page.goto("/terms");
  await expect(page.getByRole("link", { name: "Account Settings" })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("link", { name: "Contact Legal Team" })).toHaveAttribute("href", "/contact");
  await page.goto("/about");
  await expect(page.getByRole("link", { name: "Start Making Money" }).first()).toHaveAttribute("href", "/auth");
  await page.goto("/demo");
  for (const d of ["2:15", "1:45", "3:20", "5:30"]) {
    await expect(page.locator("main").getByText(new RegExp(`^Duration ${d}$`))).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "View Pricing" }).first()).toHaveAttribute("href", "/pricing");
  await page.goto("/support");
  const tutorials = page.getByRole("link", { name: /Open the channel/ });
  await expect(tutorials).toHaveAttribute("target", "_blank");
  await expect(tutorials).toHaveAttribute("rel", /noopener/);
  await expect(page.getByText("24/7 for Premium users")).toBeVisible();
  await page.goto("/privacy");
  await expect(page.getByText("Last updated: September 2, 2025")).toBeVisible();
  await expect(page.locator("main h2")).toHaveCount(8);
  await page.goto("/terms");
  await expect(page.getByText("Last updated: December 2024")).toBeVisible();
  await expect(page.locator("main section h2")).toHaveCount(6);

  await signUp(page);
  await page.goto("/terms");
  await expect(page.getByRole("link", { name: "Account Settings" })).toHaveAttribute("href", "/home");
  await expect(page.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await page.goto("/about");
  await expect(page.getByRole("link", { name: "Start Making Money" }).first()).not.toHaveAttribute("href", "/auth");
});

test("the blog lists five articles with tag, read time and views; an unknown article is a 404", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.locator("main article")).toHaveCount(5);
  await expect(page.getByText(/min read/)).toHaveCount(5);
  await expect(page.getByText(/views$/)).toHaveCount(5);
  await page.getByRole("link", { name: BLOG_ARTICLES[2]?.title ?? "" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(BLOG_ARTICLES[2]?.title ?? "");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "BlogPosting", headline: BLOG_ARTICLES[2]?.title });
  await page.goto("/blog/no-such-article");
  await expect(page.getByRole("heading", { name: messages.common.notFoundTitle })).toBeVisible();
});

test("sitemap.xml and robots.txt come from the route list with absolute URLs", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const [path] of PAGES) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const html = await (await request.get("/privacy")).text();
  expect(html).toContain("<title>Privacy Policy | Reelsmith</title>");
  expect(html).not.toContain("data-domain");
});

test("the API reference, linked from the footer, draws the served OpenAPI document with the whole loop", async ({
  page,
  baseURL,
}) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  // The examples name this server, not a placeholder.
  await expect(page.getByText(`"url": "${baseURL}/api/mcp"`)).toBeVisible();
  await expect(page.getByText(`${baseURL}/api/files?type=audio-file`)).toBeVisible();
  // Redoc draws the document the server serves: its title, the bearer scheme and an operation new with the keys.
  const document = (await (await page.request.get("/api/openapi.json")).json()) as {
    info: { title: string };
    paths: Record<string, Record<string, { summary?: string }>>;
  };
  await expect(page.getByRole("heading", { name: new RegExp(`^${document.info.title}`) })).toBeVisible({
    timeout: 20_000,
  });
  const createKey = document.paths["/api/api-keys"]?.post?.summary ?? "";
  expect(createKey).not.toBe("");
  await expect(page.getByText(createKey).first()).toBeAttached();
  await expect(page.getByText("bearerAuth").first()).toBeAttached();
});
