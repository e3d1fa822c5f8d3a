import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { ANALYSIS_RATE, analyseSong, type SongAnalysis } from "@reelsmith/core";
import { runFfmpeg } from "../ffmpeg/run.ts";

/**
 * Decodes a song's sound to mono at the analysis rate (one ffmpeg pass, into `workDir`) and analyses
 * it: beats, onsets and loudness for the music-video recipe. The decoded samples are removed after.
 */
export async function analyseSongFile(path: string, workDir: string, signal?: AbortSignal): Promise<SongAnalysis> {
  await mkdir(workDir, { recursive: true });
  const dir = await mkdtemp(join(workDir, "song-"));
  try {
    const raw = join(dir, "mono.f32");
    await runFfmpeg(
      ["-hide_banner", "-nostdin", "-v", "error", "-i", path, "-vn", "-ac", "1", "-ar", String(ANALYSIS_RATE)].concat([
        "-f",
        "f32le",
        "-y",
        raw,
      ]),
      { signal, niceness: 0 },
    );
    const bytes = await readFile(raw);
    const samples = new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4));
    return analyseSong(samples);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
