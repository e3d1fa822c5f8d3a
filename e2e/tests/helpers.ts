import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const ARTIFACTS = path.resolve(import.meta.dirname, "../artifacts");

let counter = 0;
/** A unique address per call, so tests never collide on one e-mail. */
export function uniqueEmail(prefix = "creator"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export async function signUp(
  page: Page,
  { name = "Maya Reed", email = uniqueEmail(), password = "correct-horse-9" } = {},
) {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).last().click();
  await expect(page).toHaveURL(/\/home$/);
  return { name, email, password };
}

/** Full-page screenshot saved under e2e/artifacts (not committed) for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * Opens a page and waits until it is hydrated. Public pages arrive pre-rendered: they show at once, but
 * their buttons (accordions, carousels, forms) only answer once the script has taken over.
 */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Makes a test file from an ffmpeg lavfi source (a song, a picture), so the tests ship no media. */
export function lavfiFile(file: string, source: string, output: string[] = []): void {
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", source, ...output, file]);
}

/** Opens a builder from its card in Creator Studio. */
export async function openFromStudio(page: Page, route: string): Promise<void> {
  await page.goto("/create");
  await page.locator(`a[href="${route}"]`, { hasText: "Start" }).click();
  await expect(page).toHaveURL((url) => url.pathname === route);
}
