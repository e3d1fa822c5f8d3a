/**
 * The background recording of real-gameplay clips (library/src/recorded): `npm start` runs the recorder as a
 * child process at low priority after the server is up, logs its progress, and stops it on shutdown. The server
 * serves at once with the drawn clips; the live library picks each recorded clip up as it lands.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { setPriority } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Health } from "@reelsmith/core";
import { CHECKOUT_DIR, type Library, readRecorderStatus } from "@reelsmith/library";
import type { Logger } from "./logger.ts";

export const RECORDER_SCRIPT = path.join(CHECKOUT_DIR, "library", "src", "recorded", "main.ts");

export interface FootageRecorder {
  status(): Promise<NonNullable<Health["footage"]>>;
  stop(): Promise<void>;
}

/** The recorder's progress as /api/health shows it, from the library's recorded/status.json. */
export async function footageStatus(library: Library): Promise<NonNullable<Health["footage"]>> {
  const status = await readRecorderStatus(library.dir);
  if (!status) return { state: "off", ready: 0, total: 0 };
  return {
    state: status.state,
    ready: status.done,
    total: status.total,
    ...(status.current ? { current: status.current } : {}),
    ...(status.message ? { message: status.message } : {}),
  };
}

/** Starts the recorder for `library` (its mode: the quick test library records short clips). */
export function startFootageRecorder(library: Library, logger: Logger): FootageRecorder {
  const child: ChildProcess = spawn(
    process.execPath,
    [RECORDER_SCRIPT, ...(library.mode === "quick" ? ["--quick"] : [])],
    // Its own process group: stopping it stops the game, the virtual screen and the grab with it.
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LIBRARY_DIR: library.dir }, detached: true },
  );
  if (child.pid) {
    try {
      setPriority(child.pid, 10);
    } catch {
      // Lowering one's own child's priority may be refused in a container: it still works, only less politely.
    }
  }
  for (const stream of [child.stdout, child.stderr]) {
    if (stream)
      createInterface({ input: stream }).on("line", (line) => logger.info(line.replace(/^\[record\] /, "footage: ")));
  }
  child.on("error", (error) => logger.warn({ err: error }, "footage: the recorder could not start"));
  child.on("exit", (code, signal) => {
    if (signal) return;
    if (code === 0) logger.info("footage: recorder finished");
    else
      logger.warn({ code }, "footage: recorder stopped with an error (drawn clips stay where no recording is ready)");
  });
  return {
    status: () => footageStatus(library),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        try {
          process.kill(-(child.pid as number), "SIGTERM");
        } catch {
          child.kill("SIGTERM");
        }
      }),
  };
}
