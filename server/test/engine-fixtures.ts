import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { Harness } from "./harness.ts";
import { testLibraryDir } from "./media.ts";

/** A Reddit story for the real engine: the quick library's footage and music, the offline voice. */
export const story = (script: string, overrides: Record<string, unknown> = {}) => ({
  type: "reddit",
  input: {
    username: "quietneighbor",
    post_title: "AITA for this?",
    script,
    caption_style: "fire",
    background_video: "minecraft",
    background_music: "lofi-rainy-window",
    voice: "nova",
    ...overrides,
  },
});

const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");

/**
 * A `work` process on the harness's PostgreSQL database and a data folder of the test's, quick to notice a dead
 * worker (heartbeat 10 s, supervision every 2 s); `env` adds settings. The caller kills it.
 */
export function spawnWorker(h: Harness, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", MAIN, "work"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      DATABASE_URL: h.db.url,
      DATA_DIR: dataDir,
      LIBRARY_DIR: testLibraryDir(),
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      RENDER_HEARTBEAT_S: "10",
      QUEUE_SUPERVISE_INTERVAL_S: "2",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
}
