import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RECORDED_RECIPES } from "@reelsmith/library";
import { standInKokoroFiles } from "@reelsmith/render/testing";
import { afterEach, describe, expect, it } from "vitest";
import { testLibraryDir } from "./media.ts";

const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");
const children: ChildProcess[] = [];

function start(dataDir: string, port: number, command = "all", env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, command], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      LIBRARY_DIR: testLibraryDir(),
      // The shared test library keeps its drawn clips (the recorder's own test below uses a library of its own).
      RECORD_FOOTAGE: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number): Promise<Response> {
  // Up to 60 s: on a loaded two-core machine a first PGlite start plus migrations can take well over 30 s.
  for (let i = 0; i < 240; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

describe("the server process", () => {
  it("starts on the embedded database, refuses a second process on it, and stops cleanly on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-proc-"));
    const port = 3400 + Math.floor(Math.random() * 400);
    // A cache without the Kokoro model: the offline voices speak, and the log and /api/health say so.
    const first = start(dataDir, port, "all", { TTS_CACHE_DIR: path.join(dataDir, "tts-cache") });
    const health = await (await waitForHealth(port)).json();
    expect(health).toMatchObject({
      status: "ok",
      database: { driver: "pglite" },
      queue: { ok: true },
      voice: { provider: "offline" },
    });
    expect(first.output()).toContain("voice: the offline voices");
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "db.lock"), "utf8"))).toMatchObject({ pid: first.child.pid });

    const second = start(dataDir, port + 1);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`already open in process ${first.child.pid}`);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 150_000);

  it("speaks with Kokoro in process when its model is on disk, loads it at start and says so", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-proc-"));
    const modelDir = path.join(dataDir, "kokoro");
    for (const [file, content] of Object.entries(standInKokoroFiles())) {
      fs.mkdirSync(path.dirname(path.join(modelDir, file)), { recursive: true });
      fs.writeFileSync(path.join(modelDir, file), content);
    }
    const port = 3400 + Math.floor(Math.random() * 400);
    const server = start(dataDir, port, "all", { KOKORO_MODEL_DIR: modelDir });
    expect(await (await waitForHealth(port)).json()).toMatchObject({ status: "ok", voice: { provider: "kokoro" } });
    expect(server.output()).toContain("voice: Kokoro-82M in process");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain("could not be loaded");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 150_000);

  it("starts the footage recorder after it serves, shows its progress on /api/health, and stops it with itself", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-proc-"));
    // A library of its own (the manifest is enough to serve), and a game that is not there: the recorder starts,
    // finds it missing and says so, and the drawn clips stay.
    const libraryDir = path.join(dataDir, "library");
    fs.mkdirSync(libraryDir);
    fs.copyFileSync(path.join(testLibraryDir(), "manifest.json"), path.join(libraryDir, "manifest.json"));
    const port = 3400 + Math.floor(Math.random() * 400);
    const server = start(dataDir, port, "all", {
      LIBRARY_DIR: libraryDir,
      RECORD_FOOTAGE: "auto",
      MINETEST_BIN: path.join(dataDir, "no-minetest"),
    });
    await waitForHealth(port);
    let footage: { state: string; message?: string } | undefined;
    for (let i = 0; i < 240 && footage?.state !== "unavailable"; i++) {
      const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
        footage?: typeof footage;
      };
      footage = health.footage;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(footage).toMatchObject({ state: "unavailable", ready: 0, total: RECORDED_RECIPES.length });
    expect(footage?.message).toContain("minetest");
    expect(server.output()).toContain("footage: recorded footage unavailable");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 150_000);

  it("refuses to run workers alone on the embedded database", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-proc-"));
    const worker = start(dataDir, 0, "work");
    expect(await worker.exited).toBe(2);
    expect(worker.output()).toContain("needs DATABASE_URL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
