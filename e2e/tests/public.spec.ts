import { expect, test } from "@playwright/test";
import { signUp } from "./helpers.ts";

test("the landing page has the hero and per-page SEO tags", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Create viral content in seconds");
  await expect(page).toHaveTitle(/Reelsmith/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
});

test("unknown paths show the 404 page with a way home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("old FAQ and feature paths redirect", async ({ page }) => {
  const redirects: Array<[string, string]> = [
    ["/app/faq", "/faq"],
    ["/dashboard/faq", "/faq"],
    ["/app/features", "/features"],
    ["/dashboard/features", "/features"],
  ];
  for (const [from, to] of redirects) {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to}$`));
  }
});

test("a signed-in visitor at / goes to /home", async ({ page }) => {
  await signUp(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/home$/);
});

test("the page scrolls to the top on navigation", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Pricing" }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("health and OpenAPI endpoints answer", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: "ok", database: { driver: "pglite", ok: true } });
  const doc = await request.get("/api/openapi.json");
  expect((await doc.json()).paths).toHaveProperty("/api/account");
});
