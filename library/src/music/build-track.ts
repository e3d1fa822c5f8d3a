/** Writes one music track: AAC 48 kHz stereo .m4a from the synthesised loop, plus its cover. */
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { aacArgs } from "@reelsmith/media";
import type { MusicEntry } from "../catalogue.ts";
import { endStream, run, writeChunk } from "../kit/ffmpeg.ts";
import { type BuildModeName, writeAtomic } from "../kit/video.ts";
import { drawCover } from "./cover.ts";
import { interleave, renderTrack } from "./render.ts";

export async function buildMusic(
  entry: MusicEntry,
  index: number,
  variant: number,
  mode: BuildModeName,
  out: string,
  cover: string,
): Promise<{ durationS: number; bars: number; loudness: number }> {
  const track = renderTrack(entry, index, variant, mode);
  const pcm = interleave(track.left, track.right);
  const tmp = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.tmp`);
  try {
    await run(
      "ffmpeg",
      [
        "-hide_banner",
        "-loglevel",
        "error",
        "-y",
        "-f",
        "f32le",
        "-ar",
        "48000",
        "-ac",
        "2",
        "-i",
        "-",
        ...aacArgs("160k"),
        "-map_metadata",
        "-1",
        "-fflags",
        "+bitexact",
        "-flags:a",
        "+bitexact",
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        tmp,
      ],
      {
        feed: async (stdin) => {
          const bytes = new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength);
          for (let i = 0; i < bytes.length; i += 1 << 20) await writeChunk(stdin, bytes.subarray(i, i + (1 << 20)));
          await endStream(stdin);
        },
      },
    );
    await writeAtomic(
      cover,
      drawCover(
        {
          title: entry.title,
          subtitle: `${entry.genre} · ${entry.bpm} BPM · ${entry.mood}`,
          seed: entry.key,
          hueSeed: entry.genre,
        },
        track.left,
        track.right,
      ),
    );
    await rename(tmp, out);
  } finally {
    await rm(tmp, { force: true });
  }
  return { durationS: track.durationS, bars: track.bars, loudness: Math.round(track.loudness * 100) / 100 };
}
