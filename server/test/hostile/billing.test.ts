import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MAIN = path.resolve(import.meta.dirname, "../../src/main.ts");

/** Runs the server's entry point with `env` over a clean payments configuration; answers its exit code and output. */
function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-payments-"));
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, "serve"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      DATABASE_URL: "",
      STRIPE_SECRET_KEY: "",
      PAYMENTS_MODE: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  // The refusal comes before anything else starts; the kill is only a bound if it ever did not.
  const bound = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(bound);
      const opened = fs.existsSync(path.join(dataDir, "db"));
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output: opened ? `${output}\n(database opened)` : output });
    }),
  );
}

describe("a production start without a payment provider", () => {
  it("refuses to serve the free test checkout on a public address, naming PAYMENTS_MODE, before opening the database", async () => {
    const { code, output } = await run({ NODE_ENV: "production", PUBLIC_URL: "https://studio.example.com" });
    expect(code).toBe(1);
    expect(output).toContain("PAYMENTS_MODE: no payment provider is configured for https://studio.example.com");
    expect(output).toContain("PAYMENTS_MODE=test");
    expect(output).not.toContain("(database opened)");
  });

  it("refuses it with PUBLIC_URL unset too, when NODE_ENV=production is said", async () => {
    // PUBLIC_URL defaults to localhost; that default never made a production server private.
    const { code, output } = await run({ NODE_ENV: "production" });
    expect(code).toBe(1);
    expect(output).toContain("PAYMENTS_MODE: NODE_ENV=production and no payment provider is configured");
    expect(output).not.toContain("(database opened)");
  });
});
