import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { VOICE_OVER_MAX_S } from "@reelsmith/core";
import { fileInputArgs, measureDuration, sniffFile } from "@reelsmith/media";
import { RenderError } from "../errors.ts";
import type { VoicePart } from "../recipes/common.ts";
import { encodeWav, ffmpeg, masterVoice, parseWav, VOICE_SAMPLE_RATE } from "../tts/audio.ts";
import { alignToScript } from "../tts/forced-align.ts";
import { speechTokens } from "../tts/text.ts";
import type { WordTiming } from "../tts/types.ts";

/**
 * A creator's own voice-over: a recording of the post title and then the script, made into the same parts a
 * synthetic voice gives (48 kHz mono WAV normalised to the voices' loudness, one timing per word), so the
 * recipe, the captions and the title card treat it exactly like speech it synthesised.
 */

/** Silence kept around the words of each part (seconds), so no breath or consonant is clipped. */
const EDGE = 0.15;

/**
 * Length of a recording's sound in seconds, by decoding it (a browser's MediaRecorder writes WebM without a
 * duration in its header, and a header may lie): at most a little past the longest voice-over is read.
 */
export async function decodedAudioDuration(path: string, signal?: AbortSignal): Promise<number> {
  return measureDuration(path, "audio", { maxS: VOICE_OVER_MAX_S, signal });
}

export interface OwnVoiceOptions {
  /** Scratch folder (its `own-voice/` subfolder is used). */
  workDir: string;
  signal?: AbortSignal;
}

/**
 * Decodes the recording to 48 kHz mono, normalises it like the voices (masterVoice: -16 LUFS, peaks under
 * -1.5 dBTP), aligns it to `title` + `script` and cuts it between the two at the pause after the title.
 */
export async function ownRedditVoice(
  recording: string,
  title: string,
  script: string,
  options: OwnVoiceOptions,
): Promise<{
  title: VoicePart;
  script: VoicePart;
  /** Where each part starts in the recording (seconds). */
  offsets: { title: number; script: number };
  /** How many words the recogniser placed itself, of how many. */
  recognised: number;
  wordCount: number;
}> {
  const { signal } = options;
  const dir = join(options.workDir, "own-voice");
  await mkdir(dir, { recursive: true });
  const decoded = join(dir, "decoded.wav");
  try {
    await ffmpeg(
      // The creator's file: its demuxer pinned, and never more than the longest voice-over decoded.
      ["-y", ...fileInputArgs(recording, await sniffFile(recording).catch(() => null))].concat([
        "-map",
        "0:a:0",
        "-vn",
        "-t",
        String(VOICE_OVER_MAX_S),
        "-ac",
        "1",
        "-ar",
        String(VOICE_SAMPLE_RATE),
        decoded,
      ]),
      signal,
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new RenderError("MISSING_INPUT", "The voice-over recording could not be read.");
  }
  const mastered = join(dir, "voice.wav");
  await masterVoice({ input: decoded, output: mastered, scratch: join(dir, "master-scratch.wav"), signal });
  // The text as the voices read it: the title, then the script (speechTokens of each, in that order).
  const alignment = await alignToScript(mastered, `${title}\n${script}`, { workDir: join(dir, "align"), signal });
  const titleCount = speechTokens(title).tokens.length;
  const titleWords = alignment.words.slice(0, titleCount);
  const scriptWords = alignment.words.slice(titleCount);

  const wav = parseWav(await readFile(mastered));
  const total = wav.data.length / (wav.channels * (wav.bitsPerSample / 8) * wav.sampleRate);
  const lastTitle = titleWords.at(-1);
  const firstScript = scriptWords[0];
  // Where the title ends and the script starts: around the words, never past the middle of the pause between.
  const pauseMiddle =
    lastTitle && firstScript ? (lastTitle.end + firstScript.start) / 2 : (lastTitle?.end ?? firstScript?.start ?? 0);
  const titleFrom = Math.max(0, (titleWords[0]?.start ?? 0) - EDGE);
  const titleTo = lastTitle ? Math.min(lastTitle.end + EDGE, pauseMiddle) : Math.max(titleFrom, pauseMiddle - EDGE);
  const scriptFrom = firstScript ? Math.max(firstScript.start - EDGE, pauseMiddle) : titleTo;
  const scriptTo = Math.min(total, (scriptWords.at(-1)?.end ?? total) + EDGE);
  const offsets = { title: 0, script: 0 };
  const cut = async (
    name: "title" | "script",
    from: number,
    to: number,
    words: readonly WordTiming[],
  ): Promise<VoicePart> => {
    const block = wav.channels * (wav.bitsPerSample / 8);
    const start = Math.round(from * wav.sampleRate) * block;
    // At least a tenth of a second, so a part is never empty.
    const end = Math.max(start + Math.round(0.1 * wav.sampleRate) * block, Math.round(to * wav.sampleRate) * block);
    const data = Buffer.alloc(end - start);
    wav.data.copy(data, 0, Math.min(start, wav.data.length), Math.min(end, wav.data.length));
    const audioPath = join(dir, `${name}.wav`);
    await writeFile(audioPath, encodeWav(wav, data));
    const shift = start / block / wav.sampleRate;
    offsets[name] = round(shift);
    return {
      audioPath,
      duration: data.length / block / wav.sampleRate,
      words: words.map((w) => ({ text: w.text, start: round(w.start - shift), end: round(w.end - shift) })),
    };
  };
  return {
    title: await cut("title", titleFrom, titleTo, titleWords),
    script: await cut("script", scriptFrom, scriptTo, scriptWords),
    offsets,
    recognised: alignment.recognised,
    wordCount: alignment.words.length,
  };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
