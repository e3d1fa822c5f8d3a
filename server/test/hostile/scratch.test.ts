import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { housekeepingJob } from "../../src/jobs/housekeeping.job.ts";
import { makeScratchDir, removeScratchDir, SCRATCH_STALE_MS, sweepScratch } from "../../src/lib/scratch.ts";
import { createHarness } from "../harness.ts";

/**
 * Scratch folders left by renders (and uploads) whose process died: swept at start and by the
 * housekeeping job, never a folder a job of this process still uses, never a recent one.
 */

const HOUR = 60 * 60 * 1000;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-scratch-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A folder with a file in it, both last changed `ageMs` ago. */
function folder(name: string, ageMs: number, parent = root): string {
  const dir = path.join(parent, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "frame.raw"), Buffer.alloc(1024));
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(dir, "frame.raw"), when, when);
  fs.utimesSync(dir, when, when);
  return dir;
}

describe("the scratch sweep", () => {
  it("removes only stale folders of the server's own kinds that no job of this process owns", async () => {
    const crashed = folder("reelsmith-render-0a1b2c3d-Xy12", 9 * HOUR);
    const upload = folder("reelsmith-upload-Qw34", 7 * HOUR);
    const recent = folder("reelsmith-render-11112222-Ab56", HOUR);
    const other = folder("someone-elses-folder", 48 * HOUR);
    const running = await makeScratchDir("reelsmith-render-33334444-", root);
    const when = new Date(Date.now() - 10 * HOUR);
    fs.utimesSync(running, when, when);
    // A folder whose own date is old but that was written into recently is in use.
    const busy = folder("reelsmith-render-55556666-Cd78", 10 * HOUR);
    fs.writeFileSync(path.join(busy, "fresh.raw"), "x");
    const when2 = new Date(Date.now() - 10 * HOUR);
    fs.utimesSync(busy, when2, when2);

    const { removed } = await sweepScratch({ root });
    expect(removed.sort()).toEqual([crashed, upload].sort());
    for (const kept of [recent, other, running, busy]) expect(fs.existsSync(kept), kept).toBe(true);

    // Released, the owned folder is removed like any other.
    await removeScratchDir(running);
    expect(fs.existsSync(running)).toBe(false);
  });

  it("is part of the housekeeping job", async () => {
    const h = await createHarness("pglite");
    try {
      const stale = folder(`reelsmith-render-${process.pid}-stale`, SCRATCH_STALE_MS + HOUR, os.tmpdir());
      const job = housekeepingJob(h.ctx.repositories.sessions);
      await job.handler({}, { logger: pino({ level: "silent" }) } as never);
      expect(fs.existsSync(stale)).toBe(false);
    } finally {
      await h.close();
    }
  });
});
