import { readFile, writeFile } from "node:fs/promises";
import {
  decodePcm as decodeMediaPcm,
  fileInputArgs,
  MediaProcessError,
  measureDuration,
  runMedia,
  sniffFile,
} from "@reelsmith/media";
import { abortError, TtsError } from "./errors.ts";

/** Loudness of the voice stem: EBU R128 integrated loudness and the true-peak ceiling. */
export const VOICE_LOUDNESS = { integrated: -16, truePeak: -1.5 } as const;
/** Sample rate of every voice file the providers write. */
export const VOICE_SAMPLE_RATE = 48000;
/** The longest sound a voice step reads from one file (a script read slowly is a few minutes). */
export const VOICE_MAX_S = 30 * 60;

// Enough for the analysis filters' logs (silencedetect, ebur128); error messages show only the last lines.
const STDERR_TAIL = 2_000_000;

export interface AudioRunResult {
  stderr: string;
}

/** A media-layer failure in speech terms: the signal's reason when aborted, else a TtsError. */
function speechFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  if (!(error instanceof MediaProcessError)) return error;
  if (error.code === "ABORTED") return abortError(signal);
  return new TtsError(error.code === "MISSING" ? "ENGINE_MISSING" : "ENGINE_FAILED", error.message, { cause: error });
}

/** Runs ffmpeg for a speech step through the media layer; its log (up to 2 MB) is returned for analysis filters. */
export async function ffmpeg(args: string[], signal?: AbortSignal): Promise<AudioRunResult> {
  try {
    const { stderr } = await runMedia("ffmpeg", ["-hide_banner", "-nostdin", "-nostats", ...args], {
      profile: "decode",
      signal,
      stderrTailBytes: STDERR_TAIL,
    });
    return { stderr };
  } catch (error) {
    throw speechFailure(error, signal);
  }
}

/**
 * A speech provider's answer (from outside: its demuxer pinned from its bytes) as 48 kHz mono 16-bit WAV, so
 * every part joins sample exact.
 */
export async function decodeProviderAudio(answer: string, wav: string, signal?: AbortSignal): Promise<void> {
  const input = fileInputArgs(answer, await sniffFile(answer).catch(() => null));
  await ffmpeg(["-y", ...input, "-ac", "1", "-ar", String(VOICE_SAMPLE_RATE), "-c:a", "pcm_s16le", wav], signal);
}

/** Duration in seconds of a file's sound, measured by decoding it (at most {@link VOICE_MAX_S}). */
export async function probeDuration(path: string, signal?: AbortSignal): Promise<number> {
  let duration: number;
  try {
    duration = await measureDuration(path, "audio", { maxS: VOICE_MAX_S, signal });
  } catch (error) {
    if (error instanceof MediaProcessError) throw speechFailure(error, signal);
    throw new TtsError("AUDIO_FAILED", `Could not read the length of ${path}.`, { cause: error });
  }
  if (!Number.isFinite(duration)) throw new TtsError("AUDIO_FAILED", `Could not read the length of ${path}.`);
  return duration;
}

export interface Loudness {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** True peak, dBTP. */
  truePeak: number;
}

/** Reads the summary the `ebur128=peak=true` filter prints at the end of a run. */
export function parseEbur128Summary(stderr: string): Loudness | undefined {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1];
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (integrated === undefined || peak === undefined) return undefined;
  const value = (text: string) => (text === "-inf" ? Number.NEGATIVE_INFINITY : Number.parseFloat(text));
  return { integrated: value(integrated), truePeak: value(peak) };
}

export async function measureLoudness(path: string, signal?: AbortSignal): Promise<Loudness> {
  const { stderr } = await ffmpeg(["-i", path, "-af", "ebur128=peak=true:framelog=verbose", "-f", "null", "-"], signal);
  const loudness = parseEbur128Summary(stderr);
  if (!loudness) throw new TtsError("AUDIO_FAILED", `Could not measure the loudness of ${path}.`);
  return loudness;
}

export interface WavData {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** The raw sample bytes of the data chunk. */
  data: Buffer;
}

/** Parses a PCM RIFF/WAVE file (as festival, flite and ffmpeg write them). */
export function parseWav(buffer: Buffer): WavData {
  if (buffer.toString("ascii", 0, 4) !== "RIFF" || buffer.toString("ascii", 8, 12) !== "WAVE") {
    throw new TtsError("AUDIO_FAILED", "Not a WAV file.");
  }
  let offset = 12;
  let format: Omit<WavData, "data"> | undefined;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString("ascii", offset, offset + 4);
    let size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      format = {
        channels: buffer.readUInt16LE(body + 2),
        sampleRate: buffer.readUInt32LE(body + 4),
        bitsPerSample: buffer.readUInt16LE(body + 14),
      };
    } else if (id === "data") {
      if (!format) break;
      // Streams written before their length is known say 0 or 0xffffffff: take the rest of the file.
      if (size === 0 || body + size > buffer.length) size = buffer.length - body;
      return { ...format, data: buffer.subarray(body, body + size) };
    }
    offset = body + size + (size % 2);
  }
  throw new TtsError("AUDIO_FAILED", "The WAV file has no PCM data.");
}

export function wavDuration(wav: WavData): number {
  return wav.data.length / (wav.sampleRate * wav.channels * (wav.bitsPerSample / 8));
}

export function encodeWav(format: Omit<WavData, "data">, data: Buffer): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(format.channels, 22);
  header.writeUInt32LE(format.sampleRate, 24);
  header.writeUInt32LE(format.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(format.bitsPerSample, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Joins WAV files of one format end to end, sample exact, and returns where each one starts (seconds).
 */
export async function concatWavs(
  parts: string[],
  output: string,
): Promise<{ offsets: number[]; duration: number; sampleRate: number }> {
  const offsets: number[] = [];
  const datas: Buffer[] = [];
  let format: Omit<WavData, "data"> | undefined;
  let seconds = 0;
  for (const part of parts) {
    const wav = parseWav(await readFile(part));
    format ??= { sampleRate: wav.sampleRate, channels: wav.channels, bitsPerSample: wav.bitsPerSample };
    if (wav.sampleRate !== format.sampleRate || wav.channels !== format.channels) {
      throw new TtsError("AUDIO_FAILED", "Speech parts differ in sample rate or channels.");
    }
    offsets.push(seconds);
    seconds += wavDuration(wav);
    datas.push(wav.data);
  }
  if (!format) throw new TtsError("AUDIO_FAILED", "No speech to join.");
  await writeFile(output, encodeWav(format, Buffer.concat(datas)));
  return { offsets, duration: seconds, sampleRate: format.sampleRate };
}

export interface MasterOptions {
  input: string;
  output: string;
  /** Scratch file for the first pass (inside the caller's work directory). */
  scratch: string;
  /** ffmpeg filters applied first (voice colour, tape speed), comma-separated; may be empty. */
  colour?: string;
  signal?: AbortSignal;
}

/**
 * Makes the finished voice stem: voice colour, 48 kHz mono, light compression, then gain to
 * VOICE_LOUDNESS.integrated with a look-ahead limiter keeping peaks under VOICE_LOUDNESS.truePeak.
 * Two ffmpeg passes (measure, then apply) so the level lands within a few tenths of a LU.
 */
export async function masterVoice(options: MasterOptions): Promise<{ duration: number; loudness: Loudness }> {
  const { input, output, scratch, signal } = options;
  const shape = [
    options.colour,
    `aresample=${VOICE_SAMPLE_RATE}:resampler=soxr`,
    "acompressor=threshold=-28dB:ratio=3:attack=4:release=60:knee=4",
    "ebur128=peak=true:framelog=verbose",
  ]
    .filter(Boolean)
    .join(",");
  const first = await ffmpeg(
    ["-y", "-i", input, "-af", shape, "-ac", "1", "-c:a", "pcm_f32le", "-f", "wav", scratch],
    signal,
  );
  const measured = parseEbur128Summary(first.stderr);
  if (!measured) throw new TtsError("AUDIO_FAILED", "Could not measure the loudness of the voice.");
  // Too short or silent audio has no integrated loudness: leave its level alone.
  const gain = Number.isFinite(measured.integrated)
    ? Math.max(-30, Math.min(40, VOICE_LOUDNESS.integrated - measured.integrated))
    : 0;
  // The gain, then the finishing chain, written as the voice's mono 16-bit WAV.
  const finish = (gainDb: number) =>
    ffmpeg(
      [
        "-y",
        "-i",
        scratch,
        "-af",
        finishChain(gainDb),
        "-ac",
        "1",
        "-ar",
        String(VOICE_SAMPLE_RATE),
        "-c:a",
        "pcm_s16le",
        output,
      ],
      signal,
    );
  const second = await finish(gain);
  let loudness = parseEbur128Summary(second.stderr) ?? measured;
  // The limiter takes a little off peaky voices: correct once when that moved the level noticeably.
  const residual = VOICE_LOUDNESS.integrated - loudness.integrated;
  if (Number.isFinite(residual) && Math.abs(residual) > 0.3 && gain !== 0) {
    const again = await finish(gain + residual);
    loudness = parseEbur128Summary(again.stderr) ?? loudness;
  }
  const duration = wavDuration(parseWav(await readFile(output)));
  return { duration, loudness };
}

/** Gain, then a look-ahead limiter (delay compensated) half a dB under the true-peak ceiling, then a measurement. */
function finishChain(gainDb: number): string {
  const ceiling = 10 ** ((VOICE_LOUDNESS.truePeak - 0.5) / 20);
  return [
    `volume=${gainDb.toFixed(2)}dB`,
    `alimiter=limit=${ceiling.toFixed(4)}:level=false:attack=3:release=40:latency=1`,
    "ebur128=peak=true:framelog=verbose",
  ].join(",");
}

/** Mono float samples of any audio file at `sampleRate` (at most {@link VOICE_MAX_S} of it). */
export async function decodePcm(path: string, sampleRate = 16000, signal?: AbortSignal): Promise<Float32Array> {
  try {
    return await decodeMediaPcm(path, { sampleRate, maxS: VOICE_MAX_S, signal });
  } catch (error) {
    throw speechFailure(error, signal);
  }
}
