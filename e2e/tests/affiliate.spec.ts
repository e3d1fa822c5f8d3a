import { expect, type Page, test } from "@playwright/test";
import { signUp, snap, uniqueEmail } from "./helpers.ts";

/** Buys one credit pack through the built-in test checkout, as its Pay button does. */
async function buyPack(page: Page): Promise<void> {
  const headers = { origin: new URL(page.url()).origin };
  const checkout = await page.request.post("/api/billing/checkout", {
    headers,
    data: { mode: "payment", quantity: 1 },
  });
  expect(checkout.status()).toBe(200);
  const id = ((await checkout.json()) as { url: string }).url.split("/checkout/test/")[1];
  const paid = await page.request.post(`/api/billing/test-checkout/${id}/pay`, { headers, data: {} });
  expect(paid.status()).toBe(200);
}

test("a referral link brings a sign-up, and its first payment earns the referrer credits", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, { name: "Rita Referrer" });

  // The user menu opens the affiliate page in a new tab.
  await page.getByRole("button", { name: "Account menu" }).click();
  const item = page.getByRole("menuitem", { name: "Affiliate" });
  await expect(item).toHaveAttribute("target", "_blank");
  const opening = context.waitForEvent("page");
  await item.click();
  const affiliate = await opening;
  await expect(affiliate).toHaveURL(/\/affiliate$/);
  await expect(affiliate.getByRole("heading", { level: 1, name: "Affiliate Programme" })).toBeVisible();
  const linkBox = affiliate.getByRole("textbox", { name: "Your referral link" });
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/\?ref=[A-Z0-9]{8}$/);
  await affiliate.getByRole("button", { name: "Copy link" }).click();
  await expect(affiliate.getByText("Link copied").first()).toBeVisible();
  expect(await affiliate.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(affiliate.getByTestId("affiliate-signed-up")).toHaveText("0");

  // A visitor on another network (a referral from the referrer's own network never pays) lands through the
  // link, looks around, and signs up later.
  const visitorContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.50" } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await visitor.goto("/pricing");
  await signUp(visitor, { name: "Vic Visitor", email: uniqueEmail("referred") });
  expect(await visitor.evaluate(() => localStorage.getItem("reelsmith.ref"))).toBeNull();

  await affiliate.reload();
  await expect(affiliate.getByTestId("affiliate-signed-up")).toHaveText("1");
  await expect(affiliate.getByTestId("affiliate-paid")).toHaveText("0");
  await expect(affiliate.getByTestId("affiliate-credits-earned")).toHaveText("0");

  // The referred account's first payment earns the referrer 20 credits; a second one earns nothing.
  const credits = async () =>
    ((await (await affiliate.request.get("/api/account")).json()) as { credits: number }).credits;
  const before = await credits();
  await buyPack(visitor);
  await buyPack(visitor);
  await affiliate.reload();
  await expect(affiliate.getByTestId("affiliate-paid")).toHaveText("1");
  await expect(affiliate.getByTestId("affiliate-credits-earned")).toHaveText("20");
  expect(await credits()).toBe(before + 20);

  for (const width of [390, 1440]) {
    await affiliate.setViewportSize({ width, height: 900 });
    await snap(affiliate, `affiliate-${width}`);
  }
  await visitorContext.close();
});
