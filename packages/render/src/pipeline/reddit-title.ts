import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { VoicePart } from "../recipes/common.ts";
import { REDDIT_TITLE_ROOM_S, REDDIT_TITLE_SPEED_MAX, redditTitleFit } from "../recipes/reddit.ts";
import { ffmpeg, parseWav, VOICE_SAMPLE_RATE, wavDuration } from "../tts/audio.ts";

/**
 * A Reddit title's voice made to fit before the story, which starts within 3 s (see `redditTitleFit`): a
 * synthetic voice reads the title again a little faster, or only its hook (the words up to a natural
 * break); a creator's recording is played faster with its pitch kept. Whatever still runs over, the recipe
 * cuts after a word.
 */

/** Asked of a voice a little faster than needed, since an engine's pace is not exact. */
const SPEED_MARGIN = 1.04;

/** The hook's text: the title's first `count` words as written, without a comma or dash left hanging. */
export function redditHookText(words: readonly { text: string }[], count: number): string {
  return words
    .slice(0, count)
    .map((w) => w.text)
    .join(" ")
    .replace(/[\s,;:—–-]+$/u, "");
}

/** How many times a title is read again at most: the engine's pace is checked after each. */
const REREADS = 3;

/**
 * A synthesised title, read again when it does not fit: faster (at most REDDIT_TITLE_SPEED_MAX), and only
 * its hook when even that is too slow. `read(text, speed)` synthesises with the story's voice. Each reading
 * is timed again, since a voice's pace is not exact and a hook ends more slowly than the same words did
 * within the whole title.
 */
export async function fitSpokenTitle(
  title: VoicePart,
  read: (text: string, speed: number) => Promise<VoicePart>,
): Promise<VoicePart> {
  let part = title;
  let speed = 1;
  for (let attempt = 0; attempt < REREADS; attempt++) {
    // The fit of what was read, relative to the pace it was read at.
    const fit = redditTitleFit(part.words, REDDIT_TITLE_ROOM_S, REDDIT_TITLE_SPEED_MAX / speed);
    const whole = fit.count === part.words.length;
    if ((whole && fit.speed === 1) || fit.count === 0) return part;
    const faster = Math.min(REDDIT_TITLE_SPEED_MAX, Math.round(speed * fit.speed * SPEED_MARGIN * 100) / 100);
    // Already as fast as a title goes: the recipe cuts what still runs over.
    if (whole && faster <= speed) return part;
    speed = faster;
    part = await read(redditHookText(part.words, fit.count), speed);
  }
  return part;
}

/**
 * A recorded title played up to REDDIT_TITLE_SPEED_MAX faster (ffmpeg's atempo: the pitch is kept) when that
 * makes it fit, or makes more of it fit; its word timings follow. Written beside the part as `title-<speed>.wav`.
 */
export async function quickenRecordedTitle(title: VoicePart, signal?: AbortSignal): Promise<VoicePart> {
  const fit = redditTitleFit(title.words);
  if (fit.speed <= 1) return title;
  const speed = Math.min(REDDIT_TITLE_SPEED_MAX, Math.round(fit.speed * SPEED_MARGIN * 100) / 100);
  const audioPath = join(title.audioPath, "..", `title-${speed.toFixed(2)}.wav`);
  await ffmpeg(
    [
      "-y",
      "-i",
      title.audioPath,
      "-af",
      `atempo=${speed.toFixed(2)}`,
      "-ac",
      "1",
      "-ar",
      String(VOICE_SAMPLE_RATE),
      "-c:a",
      "pcm_s16le",
      audioPath,
    ],
    signal,
  );
  const at = (t: number) => Math.round((t / speed) * 1000) / 1000;
  return {
    audioPath,
    duration: wavDuration(parseWav(await readFile(audioPath))),
    words: title.words.map((w) => ({ text: w.text, start: at(w.start), end: at(w.end) })),
  };
}
