/**
 * Records the real-gameplay clips into the library directory:
 *   node library/src/recorded/main.ts [--quick] [--only id,id] [--force]
 * Clips already recorded by the same recipe are kept. Progress goes to the log and to recorded/status.json.
 */
import { parseArgs } from "node:util";
import { libraryDir } from "../index.ts";
import { stopTracked } from "./display.ts";
import { recordLibrary } from "./recorder.ts";

// Stopped (or left behind by a server that died): stop the game, the screen and the grab too. A recorder started
// as its own process group takes them down with one signal to the group.
function stopAll(): void {
  process.removeAllListeners("SIGTERM");
  stopTracked();
  try {
    process.kill(-process.pid, "SIGTERM");
  } catch {
    process.exit(143);
  }
}
process.on("SIGTERM", stopAll);
process.on("SIGINT", stopAll);
process.on("SIGHUP", stopAll);
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopAll();
}, 5000).unref();

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    force: { type: "boolean", default: false },
    only: { type: "string" },
  },
});
recordLibrary({
  dir: libraryDir(),
  mode: values.quick ? "quick" : "full",
  force: values.force,
  only: values.only
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean),
})
  .then((summary) => process.exit(summary.failed.length ? 1 : 0))
  .catch((error: unknown) => {
    console.error(`[record] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
