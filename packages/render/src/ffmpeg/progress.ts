/**
 * Parses ffmpeg's `-progress` output (key=value lines, one block per report) into a percentage of
 * the planned duration. Pure: feed it chunks of stdout as they arrive.
 */
export class ProgressParser {
  private buffer = "";
  private last = -1;
  private readonly durationS: number;
  private readonly onPercent: (percent: number) => void;
  constructor(durationS: number, onPercent: (percent: number) => void) {
    this.durationS = durationS;
    this.onPercent = onPercent;
  }

  push(chunk: string): void {
    this.buffer += chunk;
    const lines = this.buffer.split("\n");
    this.buffer = lines.pop() ?? "";
    for (const line of lines) this.line(line.trim());
  }

  private line(line: string): void {
    const eq = line.indexOf("=");
    if (eq < 0) return;
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (key === "out_time_us" || key === "out_time_ms") {
      // Both carry microseconds (out_time_ms is misnamed in ffmpeg).
      const us = Number(value);
      if (!Number.isFinite(us) || us < 0 || this.durationS <= 0) return;
      this.emit(Math.min(99, Math.floor((us / 1e6 / this.durationS) * 100)));
    } else if (key === "progress" && value === "end") {
      this.emit(100);
    }
  }

  private emit(percent: number): void {
    if (percent <= this.last) return;
    this.last = percent;
    this.onPercent(percent);
  }
}
