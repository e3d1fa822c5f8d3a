import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3123);
export const BASE_URL = `http://localhost:${PORT}`;
// A fresh embedded database for every run.
// Set once in the main process; the workers inherit it and so share the directory.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
export const SHOWCASE_DIR = path.join(dataDir, "showcase");

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./tests/global-setup.ts",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: path.resolve(import.meta.dirname, "../.test-reports/playwright.json") }]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node --enable-source-maps ${path.resolve(import.meta.dirname, "../server/dist/main.js")} all`,
    url: `${BASE_URL}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE_URL,
      AUTH_RATE_LIMIT_MAX: "500",
      // Every browser test signs up from 127.0.0.1, and each new account expects its 20 free credits.
      SIGNUP_BONUS_DAILY_CAP: "1000",
      // A test may stand for a visitor on another network by sending X-Forwarded-For (the affiliate test's
      // referred visitor); every other request is known by its socket address, as without a proxy.
      TRUST_PROXY_HOPS: "1",
      LOG_LEVEL: "warn",
      SHOWCASE_DIR,
      // The shared test library keeps its drawn clips: recording is tested on a library of its own.
      RECORD_FOOTAGE: "off",
    },
  },
});
