import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDirLock } from "./lock.ts";

describe("acquireDirLock", () => {
  it("refuses a directory held by a live process and takes over a stale lock", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-lock-"));
    const lock = path.join(dir, "db.lock");
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      fs.writeFileSync(lock, String(holder.pid));
      expect(() => acquireDirLock(lock)).toThrow(/already open in process/);
      holder.kill("SIGKILL");
      await new Promise((resolve) => holder.once("exit", resolve));
      const release = acquireDirLock(lock);
      expect(JSON.parse(fs.readFileSync(lock, "utf8")).pid).toBe(process.pid);
      release();
      expect(fs.existsSync(lock)).toBe(false);
    } finally {
      holder.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
