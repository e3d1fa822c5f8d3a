import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ARTIFACTS, signUp, snap } from "./helpers.ts";

/** Opens the buy-credits dialog from the sidebar (desktop) or the drawer (mobile). */
async function openBuyCredits(page: Page) {
  const width = page.viewportSize()?.width ?? 1440;
  if (width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
  const scope = width < 1024 ? page.getByRole("dialog") : page.locator("aside");
  await scope.getByRole("button", { name: "Top Up Credits" }).click();
  const dialog = page.getByRole("dialog", { name: "Top Up Credits" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Up to \d right now$/)).toBeVisible();
  return dialog;
}

/** Toasts fade by themselves; screenshots wait until none covers the page. */
async function noToasts(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

async function subscribeTo(page: Page, plan: string, price: string) {
  await page.goto("/pricing");
  const card = page.getByTestId(`plan-${plan}`);
  await expect(card.getByRole("button", { name: "Choose Plan" })).toBeEnabled();
  await card.getByRole("button", { name: "Choose Plan" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(price);
  await page.getByRole("button", { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(/\/settings$/);
}

test("buying 2 packs through the test checkout raises the balance by 20 on an open page without a reload", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  await expect(page.getByTestId("sidebar-credits")).toHaveText("20 credits available");
  // A marker that a reload would wipe out.
  await page.evaluate(() => {
    (window as unknown as { __stillHere: boolean }).__stillHere = true;
  });

  const buyer = await context.newPage();
  await buyer.setViewportSize({ width: 1440, height: 900 });
  await buyer.goto("/home");
  const dialog = await openBuyCredits(buyer);
  await expect(dialog.getByTestId("top-up-total")).toHaveText("$3.00");
  await dialog.getByRole("button", { name: "One pack more" }).click();
  await expect(dialog.getByTestId("top-up-total")).toHaveText("$6.00");
  await dialog.getByRole("button", { name: "Pay $6.00" }).click();

  await expect(buyer).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await expect(buyer.getByText("TEST MODE", { exact: true })).toBeVisible();
  await expect(buyer.getByText("Credit pack (10 credits)")).toBeVisible();
  await expect(buyer.getByTestId("order-quantity")).toHaveText("2");
  await expect(buyer.getByTestId("order-total")).toHaveText("$6.00");
  await buyer.getByRole("button", { name: "Pay $6.00" }).click();
  await expect(buyer).toHaveURL(/\/home$/);
  await expect(buyer.getByTestId("sidebar-credits")).toHaveText("40 credits available");

  // The first page heard it over the live stream.
  await expect(page.getByTestId("sidebar-credits")).toHaveText("40 credits available");
  expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);

  // This month's purchases count against the cap of 50.
  const again = await openBuyCredits(page);
  await expect(again.getByText("One-time credits this month: 20 of 50")).toBeVisible();
  await expect(again.getByText("Up to 3 right now")).toBeVisible();
});

test("subscribing to Pro grants 350 credits and shows the Current Plan", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  await subscribeTo(page, "PRO", "$49.00");
  await expect(page.getByTestId("subscription-plan")).toHaveText("Pro");
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Monthly plan credits").locator("xpath=following-sibling::dd")).toHaveText("350");
  await expect(page.getByTestId("usage-balance")).toHaveText("370 credits available");
  await expect(page.getByTestId("sidebar-credits")).toHaveText("370 credits available");

  await page.goto("/pricing");
  const pro = page.getByTestId("plan-PRO");
  await expect(pro).toHaveAttribute("data-state", "current");
  await expect(pro.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(page.getByTestId("plan-STARTER").getByRole("button", { name: "Downgrade" })).toBeVisible();
  await expect(page.getByTestId("plan-AGENCY").getByRole("button", { name: "Choose Plan" })).toBeVisible();
});

test("scheduling a downgrade in the test portal shows the badge and the banner with its date", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  await subscribeTo(page, "PRO", "$49.00");
  await page.getByRole("link", { name: "Manage Billing" }).click();
  await expect(page).toHaveURL(/\/billing\/test-portal\?return=%2Fsettings$/);
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Downgrade at period end" }).first().click();
  await expect(page.getByText(/Your plan will change to Starter at the end of the billing period, on/)).toBeVisible();
  await page.getByRole("link", { name: "Return to Reelsmith" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText("Scheduled Downgrade")).toBeVisible();
  const banner = page.getByTestId("scheduled-change-banner");
  await expect(banner).toHaveText(
    /^Your plan will change to Starter at the end of the billing period, on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
  );
});

test("the billing portal route sends a visitor without a plan to /pricing", async ({ page }) => {
  await page.goto("/billing/portal");
  await expect(page).toHaveURL(/\/pricing$/);
  await signUp(page);
  await page.goto("/billing/portal");
  await expect(page).toHaveURL(/\/pricing$/);
});

test("screenshots of pricing, settings, buy credits, the test checkout and the test portal at 390 and 1440 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const width of [390, 1440]) {
    await page.context().clearCookies();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/pricing");
    await expect(page.getByTestId("plan-PRO").getByRole("button", { name: "Choose Plan" })).toBeVisible();
    await snap(page, `pricing-${width}`);

    await signUp(page, { name: "Jordan Blake" });
    const dialog = await openBuyCredits(page);
    await dialog.getByRole("button", { name: "One pack more" }).click();
    // The dialog is fixed on the viewport: a viewport screenshot shows it as the user sees it.
    await page.screenshot({ path: path.join(ARTIFACTS, `buy-credits-${width}.png`) });
    await dialog.getByRole("button", { name: "Pay $6.00" }).click();
    await expect(page.getByTestId("order-total")).toHaveText("$6.00");
    await snap(page, `test-checkout-${width}`);
    await page.getByRole("button", { name: "Pay $6.00" }).click();
    await expect(page).toHaveURL(/\/home$/);

    await subscribeTo(page, "PRO", "$49.00");
    await page.getByRole("link", { name: "Manage Billing" }).click();
    await expect(page.getByRole("button", { name: "Downgrade at period end" }).first()).toBeVisible();
    await page.getByRole("button", { name: "Downgrade at period end" }).first().click();
    await expect(page.getByText(/Your plan will change to Starter/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Upgrade now" }).first()).toBeEnabled();
    await noToasts(page);
    await snap(page, `test-portal-${width}`);

    await page.goto("/settings");
    await expect(page.getByTestId("scheduled-change-banner")).toBeVisible();
    await expect(page.getByTestId("usage-balance")).toHaveText("390 credits available");
    await noToasts(page);
    await snap(page, `settings-${width}`);

    await page.goto("/pricing");
    await expect(page.getByTestId("plan-PRO")).toHaveAttribute("data-state", "current");
    await snap(page, `pricing-subscribed-${width}`);
  }
});
