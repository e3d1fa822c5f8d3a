import { expect, test } from "@playwright/test";
import { signUp, snap, uniqueEmail } from "./helpers.ts";

test("sign up lands on /home with 20 credits and a greeting by first name", async ({ page }) => {
  await signUp(page, { name: "Maya Reed" });
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Maya");
  await expect(page.getByText("20 credits available").first()).toBeVisible();
});

test("sign out returns to the site root and the app is closed again", async ({ page }) => {
  await signUp(page);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/auth/);
});

test("sign out still returns to / when the server call fails", async ({ page }) => {
  await signUp(page);
  await page.route("**/api/auth/sign-out", (route) => route.abort("failed"));
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("signed-out visitors to protected pages are sent to /auth", async ({ page }) => {
  for (const route of ["/dashboard", "/home", "/create", "/settings"]) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/auth/);
  }
});

test("sign in: wrong password, then the right one", async ({ page }) => {
  const account = await signUp(page);
  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." })).toBeVisible();
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(/\/home$/);
});

test("sign up: inline validation and a taken e-mail", async ({ page }) => {
  const email = uniqueEmail("taken");
  await signUp(page, { email });
  await page.context().clearCookies();
  await page.goto("/auth?tab=signup");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Sign Up", exact: true }).last().click();
  await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("correct-horse-9");
  await page.getByRole("button", { name: "Sign Up", exact: true }).last().click();
  await expect(
    page.getByRole("alert").filter({ hasText: "An account with this e-mail already exists. Sign in instead." }),
  ).toBeVisible();
});

test("at 390 px the navigation drawer opens and closes", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  const drawerLink = page.getByRole("dialog").getByRole("link", { name: "Finished Videos" });
  await expect(drawerLink).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(drawerLink).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await drawerLink.click();
  // The page then writes the tab it opened on into the address (when its first page of videos arrives).
  await expect(page).toHaveURL(/\/dashboard(\?tab=\w+)?$/);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the sidebar marks the current section and the shell shows plan and credits", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Finished Videos" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Free Plan").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute("href", "/pricing");
});

test("screenshots of /, /auth and /home at 390 and 1440 px", async ({ page }) => {
  for (const width of [390, 1440]) {
    await page.context().clearCookies();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Create viral content in seconds");
    await snap(page, `landing-${width}`);
    await page.goto("/auth");
    await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
    await snap(page, `auth-${width}`);
    await signUp(page, { name: "Jordan Blake" });
    await expect(page.getByText("20 credits available").first()).toBeVisible();
    await snap(page, `home-${width}`);
  }
});
