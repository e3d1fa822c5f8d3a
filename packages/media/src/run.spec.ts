import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MediaProcessError } from "./errors.ts";
import { mediaProcessesRunning, runMedia } from "./run.ts";

let dir: string;
const saved = { ...process.env };
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reelsmith-media-run-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  for (const key of ["FFMPEG_PATH", "MEDIA_STALL_S", "MEDIA_MAX_PROCESSES", "MEDIA_ENCODE_MEMORY_MB"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as MediaProcessError,
  );
/** Ten seconds of sound read at its real pace: a process that takes as long as it is let. */
const slow = ["-nostdin", "-v", "error", "-re", "-f", "lavfi", "-i", "sine=d=10", "-f", "null", "-"];

describe("runMedia", () => {
  it("keeps standard output as bytes, and the end of the log", async () => {
    const { stdout, stderr } = await runMedia(
      "ffmpeg",
      ["-nostdin", "-f", "lavfi", "-i", "sine=d=0.5:r=8000", "-ac", "1", "-f", "s16le", "-"],
      { profile: "decode", stdout: "buffer" },
    );
    expect(Buffer.isBuffer(stdout)).toBe(true);
    expect(stdout.length).toBe(8000);
    expect(stderr).toContain("Output #0");
  });

  it("stops a process that writes more than it may", async () => {
    const error = await failure(
      runMedia("ffmpeg", ["-nostdin", "-f", "lavfi", "-i", "sine=d=5", "-f", "s16le", "-"], {
        stdout: "buffer",
        maxStdoutBytes: 10_000,
      }),
    );
    expect(error).toBeInstanceOf(MediaProcessError);
    expect(error?.code).toBe("OUTPUT_TOO_LARGE");
  });

  it("stops a process at its wall-clock limit", async () => {
    const error = await failure(runMedia("ffmpeg", slow, { timeoutMs: 300 }));
    expect(error?.code).toBe("TIMEOUT");
  });

  it("stops a process that waits for input that never comes", async () => {
    process.env.MEDIA_STALL_S = "0.4";
    const error = await failure(
      runMedia("ffmpeg", ["-v", "error", "-f", "s16le", "-ar", "8000", "-ac", "1", "-i", "pipe:0", "-f", "null", "-"], {
        stdin: () => new Promise<void>(() => {}),
      }),
    );
    expect(error?.code).toBe("STALLED");
  });

  it("cancels on the signal", async () => {
    const controller = new AbortController();
    const running = failure(runMedia("ffmpeg", slow, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 200);
    expect((await running)?.code).toBe("ABORTED");
  });

  it("runs no more processes at once than allowed; the others wait their turn", async () => {
    process.env.MEDIA_MAX_PROCESSES = "1";
    let most = 0;
    const quick = ["-nostdin", "-v", "error", "-re", "-f", "lavfi", "-i", "sine=d=0.3", "-f", "null", "-"];
    await Promise.all(
      [0, 1, 2].map(() =>
        runMedia("ffmpeg", quick, { onSpawn: () => (most = Math.max(most, mediaProcessesRunning())) }),
      ),
    );
    expect(most).toBe(1);
    expect(mediaProcessesRunning()).toBe(0);
  });

  it("gives a process no more address space than its profile allows", async () => {
    process.env.MEDIA_ENCODE_MEMORY_MB = "64";
    const error = await failure(runMedia("ffmpeg", ["-nostdin", "-f", "lavfi", "-i", "sine=d=0.1", "-f", "null", "-"]));
    expect(error).toBeInstanceOf(MediaProcessError);
  });

  it("honours FFMPEG_PATH and says when the program is missing", async () => {
    const marker = join(dir, "called");
    const wrapper = join(dir, "ffmpeg-wrapper");
    await writeFile(wrapper, `#!/bin/sh\necho "$@" > "${marker}"\nexec ffmpeg "$@"\n`);
    await chmod(wrapper, 0o755);
    process.env.FFMPEG_PATH = wrapper;
    await runMedia("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=d=0.1", "-f", "null", "-"]);
    expect(await readFile(marker, "utf8")).toContain("sine=d=0.1");
    process.env.FFMPEG_PATH = join(dir, "no-such-ffmpeg");
    expect((await failure(runMedia("ffmpeg", ["-version"])))?.code).toBe("MISSING");
  });
});
