import { expect, type Page, test } from "@playwright/test";
import { messages } from "@reelsmith/core";
import { openHydrated, signUp } from "./helpers";

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return console;
}

async function violations(page: Page, console: string[]): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  return [...((await page.evaluate(() => window.__cspViolations)) ?? []), ...console];
}

test("public pages load under their Content-Security-Policy without a violation", async ({ page }) => {
  const console = await watchCsp(page);
  for (const path of ["/", "/pricing", "/auth", "/faq", "/blog", "/docs/api"]) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The API reference draws itself after hydration (Redoc, which would fetch a logo from elsewhere).
    if (path === "/docs/api") await expect(page.getByText("API docs by Redocly")).toBeVisible({ timeout: 20_000 });
    expect(await violations(page, console), path).toEqual([]);
  }
});

test("signed-in pages and builders load without a violation", async ({ page }) => {
  const console = await watchCsp(page);
  await signUp(page);
  for (const path of ["/home", "/create", "/dashboard", "/create/greenscreen", "/create-video", "/ai-ugc-ads"]) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    expect(await violations(page, console), path).toEqual([]);
  }
});

test("an unknown path answers 404 and shows the not-found page", async ({ page }) => {
  const console = await watchCsp(page);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText(messages.common.notFoundTitle)).toBeVisible();
  expect(await violations(page, console)).toEqual([]);
  await openHydrated(page, "/pricing");
});
