import { describe, expect, it } from "vitest";
import { parseEbur128Summary } from "./probe.ts";
import { ProgressParser } from "./progress.ts";
import { ffmpegErrorSummary } from "./run.ts";

describe("ProgressParser", () => {
  it("turns -progress blocks split across chunks into rising percentages, 100 only at the end", () => {
    const seen: number[] = [];
    const p = new ProgressParser(10, (n) => seen.push(n));
    p.push("frame=30\nout_time_us=2500");
    p.push("000\nprogress=continue\nout_time_us=2400000\nout_time_ms=9990000\n");
    p.push("out_time_us=12000000\nprogress=end\n");
    expect(seen).toEqual([25, 99, 100]);
  });
});

describe("ffmpeg logs", () => {
  it("picks the line that names the error", () => {
    const log = "Input #0, lavfi\n[in @ 0x1] something\n/tmp/x.mp4: No such file or directory\nConversion failed!\n";
    expect(ffmpegErrorSummary(log)).toBe("/tmp/x.mp4: No such file or directory");
  });
  it("reads the ebur128 summary", () => {
    const log =
      "[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -15.2 LUFS\n    Threshold: -25.4 LUFS\n\n  Loudness range:\n    LRA:         4.1 LU\n\n  True peak:\n    Peak:       -1.6 dBFS\n";
    expect(parseEbur128Summary(log)).toEqual({ integrated: -15.2, range: 4.1, truePeak: -1.6 });
  });
});
