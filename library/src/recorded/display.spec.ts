import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { xvfbInstalled } from "./display.ts";

const DISPLAY_MODULE = fileURLToPath(new URL("./display.ts", import.meta.url));

/** Whether a process with this id is still running (an exited one waiting to be reaped is not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

describe.runIf(xvfbInstalled())("virtual screens", () => {
  it("are stopped when the recorder dies of an uncaught error, not left running", async () => {
    // A recorder's process: it starts a screen, says which process that is, then fails with nothing catching it.
    const script = `
      import { startDisplay } from ${JSON.stringify(DISPLAY_MODULE)};
      const display = await startDisplay(64, 64);
      console.log(display.pid);
      setTimeout(() => { throw new Error("a write to a closed pipe"); }, 100);
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).not.toBe(0);
    const pid = Number(out.trim());
    expect(pid).toBeGreaterThan(0);
    // SIGKILL from the exit hook: gone at once; allow a moment for the signal to land.
    const deadline = Date.now() + 5000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(alive(pid)).toBe(false);
  }, 60_000);
});
