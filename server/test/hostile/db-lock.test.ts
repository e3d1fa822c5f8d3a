import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDirLock } from "../../src/db/lock.ts";

const LOCK_MODULE = fileURLToPath(new URL("../../src/db/lock.ts", import.meta.url));

let dir: string;
let lock: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-lock-"));
  lock = path.join(dir, "db.lock");
});
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The first line a child writes to stdout. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk) => {
      text += String(chunk);
      const end = text.indexOf("\n");
      if (end >= 0) resolve(text.slice(0, end).trim());
    });
    child.once("exit", (code) => reject(new Error(`child exited (${code}) before answering: ${text}`)));
  });
}

/** A Node process that takes the lock, prints its pid and stays until killed. */
const HOLDER = `
  const { acquireDirLock } = await import(${JSON.stringify(LOCK_MODULE)});
  acquireDirLock(process.argv[1]);
  console.log(process.pid);
  setInterval(() => {}, 1000);
`;

/**
 * Starts the holder under a parent that never reaps its children (like PID 1 in a bare container),
 * so once killed it stays a zombie: its pid still answers `kill(pid, 0)`.
 */
async function holderUnderNonReapingParent(): Promise<number> {
  const parent = spawn(
    "sh",
    ["-c", `"$0" --input-type=module -e "$1" "$2" & exec sleep 60`, process.execPath, HOLDER, lock],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  started.push(parent);
  return Number.parseInt(await firstLine(parent), 10);
}

function processState(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
  } catch {
    return undefined;
  }
}

describe.runIf(process.platform === "linux")("the embedded database lock", () => {
  it("is refused while the holder lives, and taken over once it was killed with SIGKILL", async () => {
    const holder = await holderUnderNonReapingParent();
    expect(() => acquireDirLock(lock)).toThrow(`already open in process ${holder}`);

    process.kill(holder, "SIGKILL");
    for (let i = 0; i < 200 && processState(holder) !== "Z"; i++) await new Promise((r) => setTimeout(r, 25));
    // The pid still exists (an unreaped zombie), which is what made the restart refuse.
    expect(processState(holder)).toBe("Z");

    const release = acquireDirLock(lock);
    expect(JSON.parse(fs.readFileSync(lock, "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("is taken over when the recorded pid now belongs to another program", async () => {
    const other = spawn("sleep", ["60"], { stdio: "ignore" });
    started.push(other);
    await new Promise((resolve) => other.once("spawn", resolve));
    // The lock names the pid with another start time: a process that held it before the pid was reused.
    fs.writeFileSync(lock, JSON.stringify({ pid: other.pid, start: "1" }));
    const release = acquireDirLock(lock);
    expect(JSON.parse(fs.readFileSync(lock, "utf8")).pid).toBe(process.pid);
    release();
  });

  it("refuses a second process while a live one holds it", async () => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", HOLDER, lock], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    started.push(child);
    const holder = Number.parseInt(await firstLine(child), 10);
    expect(holder).toBe(child.pid);
    expect(() => acquireDirLock(lock)).toThrow(/already open in process/);
    expect(JSON.parse(fs.readFileSync(lock, "utf8")).pid).toBe(holder);
  });
});
