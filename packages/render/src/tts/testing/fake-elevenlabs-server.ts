/**
 * A local stand-in for ElevenLabs' `POST /v1/text-to-speech/{voice_id}/with-timestamps`, for tests: it answers with
 * real speech (made by the offline engine, encoded as MP3) in `audio_base64` and an `alignment` of every character
 * sent, taken from the engine's own word timings of that very audio. Listens on 127.0.0.1 only and closes itself
 * after `lifetimeMs`.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { VoiceId } from "@reelsmith/core";
import { ffmpeg } from "../audio.ts";
import { ELEVENLABS_DEFAULT_VOICES } from "../elevenlabs.ts";
import { OfflineTtsProvider } from "../offline.ts";
import type { WordTiming } from "../types.ts";

export interface ElevenLabsCall {
  voiceId: string;
  outputFormat: string | null;
  apiKey: string | undefined;
  body: Record<string, unknown>;
  /** Length of the audio answered (the engine's WAV before MP3 encoding), s. */
  duration: number;
  /** The engine's timings of the words in that audio. */
  words: WordTiming[];
}

export interface FakeElevenLabsServer {
  baseUrl: string;
  /** Every successful request, in the order answered. */
  calls: ElevenLabsCall[];
  /** Every request received with the status answered. */
  requests: { path: string; status: number }[];
  /** The next `count` requests answer `status` with `detail` (status 0 never answers). */
  failNext(
    status: number,
    count?: number,
    options?: { headers?: Record<string, string>; detail?: { status: string; message: string } },
  ): void;
  close(): Promise<void>;
}

export async function startFakeElevenLabsServer(
  options: {
    apiKey?: string;
    /** ElevenLabs voice id -> the catalogue voice that speaks it (default: the default premade voices). */
    voices?: Record<string, VoiceId>;
    /** Longest text a request may carry (default 10000). */
    maxChars?: number;
    /** Answer the audio without `alignment` (as a model without timestamps would). */
    withoutAlignment?: boolean;
    lifetimeMs?: number;
  } = {},
): Promise<FakeElevenLabsServer> {
  const work = await mkdtemp(join(tmpdir(), "reelsmith-fake-elevenlabs-"));
  const engine = new OfflineTtsProvider({ onWarning: () => {} });
  const voices: Record<string, VoiceId> =
    options.voices ??
    Object.fromEntries(
      (Object.keys(ELEVENLABS_DEFAULT_VOICES) as VoiceId[]).map((voice) => [
        ELEVENLABS_DEFAULT_VOICES[voice].id,
        voice,
      ]),
    );
  const calls: ElevenLabsCall[] = [];
  const requests: { path: string; status: number }[] = [];
  const failures: { status: number; headers: Record<string, string>; detail?: { status: string; message: string } }[] =
    [];

  const send = (res: ServerResponse, path: string, status: number, body: unknown, headers = {}) => {
    requests.push({ path, status });
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const detail = (status: string, message: string) => ({ detail: { status, message } });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const route = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/.exec(path);
    if (req.method !== "POST" || !route) {
      send(res, path, 404, { detail: "Not Found" });
      return;
    }
    const failure = failures.shift();
    if (failure?.status === 0) {
      requests.push({ path, status: 0 });
      return;
    }
    if (failure) {
      const fallback =
        failure.status === 429
          ? detail("too_many_concurrent_requests", "Too many concurrent requests.")
          : detail("internal_error", "The server had an error.");
      send(res, path, failure.status, failure.detail ? { detail: failure.detail } : fallback, failure.headers);
      return;
    }
    const key = req.headers["xi-api-key"];
    if (options.apiKey && key !== options.apiKey) {
      send(res, path, 401, detail("invalid_api_key", "Invalid API key"));
      return;
    }
    const voiceId = decodeURIComponent(route[1] ?? "");
    const voice = voices[voiceId];
    if (!voice) {
      send(res, path, 404, detail("voice_not_found", `A voice with the voice_id ${voiceId} was not found.`));
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      send(res, path, 400, detail("invalid_json", "The body is not JSON."));
      return;
    }
    const { text } = body;
    if (typeof text !== "string" || !text.trim() || typeof body.model_id !== "string") {
      send(res, path, 422, { detail: [{ loc: ["body", "text"], msg: "text and model_id are required" }] });
      return;
    }
    if (Array.from(text).length > (options.maxChars ?? 10_000)) {
      send(res, path, 400, detail("text_too_long", `The text is longer than ${options.maxChars} characters.`));
      return;
    }
    const outputFormat = url.searchParams.get("output_format");
    if (outputFormat !== null && !/^mp3_44100_(64|96|128|192)$/.test(outputFormat)) {
      send(res, path, 422, detail("invalid_output_format", `Unsupported output_format ${outputFormat}.`));
      return;
    }
    const dir = await mkdtemp(join(work, "speech-"));
    try {
      const settings = body.voice_settings as { speed?: unknown } | undefined;
      const speech = await engine.synthesize({
        text,
        voice,
        workDir: dir,
        speed: typeof settings?.speed === "number" ? settings.speed : undefined,
      });
      const mp3 = join(dir, "speech.mp3");
      await ffmpeg(["-y", "-i", speech.audioPath, "-ar", "44100", "-c:a", "libmp3lame", "-b:a", "128k", mp3]);
      calls.push({
        voiceId,
        outputFormat,
        apiKey: typeof key === "string" ? key : undefined,
        body,
        duration: speech.duration,
        words: speech.words,
      });
      const audio_base64 = (await readFile(mp3)).toString("base64");
      send(
        res,
        path,
        200,
        options.withoutAlignment
          ? { audio_base64, alignment: null, normalized_alignment: null }
          : {
              audio_base64,
              alignment: characterAlignment(text, speech.words, speech.duration),
              normalized_alignment: characterAlignment(` ${text} `, speech.words, speech.duration),
            },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((cause: unknown) => {
      if (!res.headersSent) send(res, req.url ?? "", 500, detail("internal_error", `Fake server failure: ${cause}`));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const lifetime = setTimeout(() => server.close(), options.lifetimeMs ?? 300_000);
  lifetime.unref();
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    requests,
    failNext(status, count = 1, extra = {}) {
      for (let i = 0; i < count; i += 1) failures.push({ status, headers: extra.headers ?? {}, detail: extra.detail });
    },
    async close() {
      clearTimeout(lifetime);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(work, { recursive: true, force: true });
    },
  };
}

/**
 * Times for every character of `text`: the letters, digits and symbols of each spoken word share its time evenly
 * (its punctuation takes none); spaces, and
 * tokens the engine did not speak, sit in the gaps between words.
 */
function characterAlignment(text: string, words: readonly WordTiming[], duration: number) {
  const characters = Array.from(text);
  const starts: number[] = new Array(characters.length).fill(Number.NaN);
  const ends: number[] = new Array(characters.length).fill(Number.NaN);
  let at = 0;
  let next = 0;
  for (const run of text.split(/(\s+)/u)) {
    const length = Array.from(run).length;
    const word = words[next];
    if (run && !/^\s+$/u.test(run) && word && word.text === run) {
      // Sounding characters share the word's time; punctuation takes none, where it stands.
      const chars = Array.from(run);
      const sounding = chars.filter((char) => SOUNDING.test(char)).length || length;
      const step = (word.end - word.start) / sounding;
      let t = word.start;
      for (const [i, char] of chars.entries()) {
        const share = SOUNDING.test(char) || sounding === length ? step : 0;
        starts[at + i] = round(t);
        ends[at + i] = round(t + share);
        t += share;
      }
      next += 1;
    }
    at += length;
  }
  // Unspoken characters: from the end of the word before to the start of the word after.
  for (let i = 0; i < characters.length; i += 1) {
    if (!Number.isNaN(starts[i])) continue;
    let j = i;
    while (j < characters.length && Number.isNaN(starts[j])) j += 1;
    const from = i > 0 ? (ends[i - 1] ?? 0) : 0;
    const to = j < characters.length ? (starts[j] ?? duration) : duration;
    for (let k = i; k < j; k += 1) {
      starts[k] = round(from);
      ends[k] = round(to);
    }
    i = j - 1;
  }
  return { characters, character_start_times_seconds: starts, character_end_times_seconds: ends };
}

const SOUNDING = /[\p{L}\p{N}\p{S}%&@#]/u;
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
