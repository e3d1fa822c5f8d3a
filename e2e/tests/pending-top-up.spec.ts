import { expect, type Page, test } from "@playwright/test";
import { signUp, snap } from "./helpers.ts";

/** Opens the buy-credits dialog from the sidebar (desktop) or the drawer (mobile), once its status is loaded. */
async function openBuyCredits(page: Page) {
  const width = page.viewportSize()?.width ?? 1440;
  if (width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
  const scope = width < 1024 ? page.getByRole("dialog") : page.locator("aside");
  await scope.getByRole("button", { name: "Top Up Credits" }).click();
  const dialog = page.getByRole("dialog", { name: "Top Up Credits" });
  await expect(dialog.getByText(/^One-time credits this month: \d+ of 50$/)).toBeVisible();
  return dialog;
}

/** Starts a checkout of `packs` packs from the dialog and answers its test checkout page's address. */
async function startCheckout(page: Page, packs: number, total: string): Promise<string> {
  const dialog = await openBuyCredits(page);
  for (let n = 1; n < packs; n += 1) await dialog.getByRole("button", { name: "One pack more" }).click();
  await dialog.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-total")).toHaveText(total);
  return page.url();
}

test("a checkout left unpaid shows as a pending order that can be resumed, or cancelled to buy again at once", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  const checkoutUrl = await startCheckout(page, 5, "$15.00");

  // The user walks away from the checkout and comes back to the app.
  await page.goto("/home");
  let dialog = await openBuyCredits(page);
  const order = dialog.getByRole("listitem", { name: "Pending order of 50 credits" });
  await expect(order).toContainText("50 credits · $15.00");
  await expect(order).toContainText(/Started \d{1,2}:\d{2}/);
  await expect(dialog.getByText("Monthly one-time purchase limit reached.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Pay / })).toBeDisabled();

  // Resume opens the same checkout again.
  await order.getByRole("button", { name: "Resume" }).click();
  await expect(page).toHaveURL(checkoutUrl);
  await expect(page.getByTestId("order-total")).toHaveText("$15.00");

  // Cancel frees its 50 credits at once: a new order for the whole cap can start right away.
  await page.goto("/home");
  dialog = await openBuyCredits(page);
  await dialog
    .getByRole("listitem", { name: "Pending order of 50 credits" })
    .getByRole("button", { name: "Cancel order" })
    .click();
  await expect(page.getByText("Order cancelled. Its credits can be bought again.")).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveCount(0);
  await expect(dialog.getByText("Up to 5 right now")).toBeVisible();
  await expect(dialog.getByText("One-time credits this month: 0 of 50")).toBeVisible();
  await dialog.getByRole("button", { name: "Pay $3.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toBe(checkoutUrl);
  await page.getByRole("button", { name: "Pay $3.00" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("sidebar-credits")).toHaveText("30 credits available");

  // The cancelled checkout's page no longer takes the payment.
  await page.goto(checkoutUrl);
  await expect(page.getByRole("button", { name: "Pay $15.00" })).toHaveCount(0);
  await snap(page, "pending-top-up-cancelled-checkout");
});

test("a checkout started at another address of the app stays there, signed in, and returns there", async ({ page }) => {
  // PUBLIC_URL is http://localhost:<port>; the same server answers at 127.0.0.1, a trusted origin.
  const other = `http://127.0.0.1:${process.env.E2E_PORT ?? 3123}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${other}/auth?tab=signup`);
  await signUpHere(page);
  const checkoutUrl = await startCheckout(page, 1, "$3.00");
  expect(new URL(checkoutUrl).origin).toBe(other);
  await page.getByRole("button", { name: "Pay $3.00" }).click();
  await expect(page).toHaveURL(`${other}/home`);
  await expect(page.getByTestId("sidebar-credits")).toHaveText("30 credits available");
});

/** Signs up on the page's current address (helpers' `signUp` opens the configured base URL). */
async function signUpHere(page: Page) {
  await page.getByLabel("Name").fill("Maya Reed");
  await page.getByLabel("E-mail").fill(`elsewhere.${Date.now().toString(36)}@example.com`);
  await page.getByLabel("Password").fill("correct-horse-9");
  await page.getByRole("button", { name: "Sign Up", exact: true }).last().click();
  await expect(page).toHaveURL(/\/home$/);
}
