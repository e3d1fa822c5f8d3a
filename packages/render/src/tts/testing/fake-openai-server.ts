/**
 * A local stand-in for an OpenAI-compatible audio API, for tests: `POST /v1/audio/speech` answers with real speech
 * (made by the offline engine) and `POST /v1/audio/transcriptions` answers with word timestamps taken from the
 * engine's own timings of that very audio. Listens on 127.0.0.1 only and closes itself after `lifetimeMs`.
 */
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VOICE_IDS, type VoiceId } from "@reelsmith/core";
import { ffmpeg } from "../audio.ts";
import { OfflineTtsProvider } from "../offline.ts";
import type { WordTiming } from "../types.ts";

export interface SpeechCall {
  input: string;
  voice: string;
  model: string;
  format: string;
  speed?: number;
  /** Length of the audio answered, s. */
  duration: number;
  /** The engine's timings of the words in that audio. */
  words: WordTiming[];
}

export interface FakeOpenAiServer {
  baseUrl: string;
  /** Every successful speech request, in the order answered. */
  speechCalls: SpeechCall[];
  /** Every request received (path and status answered). */
  requests: { path: string; status: number }[];
  /** The next `count` requests to `path` answer `status` (with optional headers); status 0 never answers. */
  failNext(
    path: "/v1/audio/speech" | "/v1/audio/transcriptions",
    status: number,
    count?: number,
    headers?: Record<string, string>,
  ): void;
  close(): Promise<void>;
}

export async function startFakeOpenAiServer(
  options: {
    apiKey?: string;
    voiceAliases?: Record<string, VoiceId>;
    lifetimeMs?: number;
    /** Answer word timestamps inside `segments[].words` only, as some compatible servers do. */
    wordsInSegments?: boolean;
  } = {},
): Promise<FakeOpenAiServer> {
  const work = await mkdtemp(join(tmpdir(), "reelsmith-fake-openai-"));
  const engine = new OfflineTtsProvider({ onWarning: () => {} });
  const known = new Map<string, { duration: number; words: WordTiming[] }>();
  const failures: { path: string; status: number; headers: Record<string, string> }[] = [];
  const speechCalls: SpeechCall[] = [];
  const requests: { path: string; status: number }[] = [];

  const send = (
    res: ServerResponse,
    path: string,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    requests.push({ path, status });
    if (Buffer.isBuffer(body)) {
      res.writeHead(status, headers);
      res.end(body);
      return;
    }
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (message: string, type = "invalid_request_error") => ({ error: { message, type } });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (req.method !== "POST" || (path !== "/v1/audio/speech" && path !== "/v1/audio/transcriptions")) {
      send(res, path, 404, error(`Unknown route ${req.method} ${path}`));
      return;
    }
    const failure = failures.findIndex((f) => f.path === path);
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      if (f?.status === 0) {
        requests.push({ path, status: 0 });
        return;
      }
      if (f) {
        send(
          res,
          path,
          f.status,
          error(f.status === 429 ? "Rate limit reached" : "The server had an error"),
          f.headers,
        );
        return;
      }
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      const given = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      send(res, path, 401, error(`Incorrect API key provided: ${given}. You can find your API key in your account.`));
      return;
    }
    if (path === "/v1/audio/speech") {
      let json: { model?: unknown; input?: unknown; voice?: unknown; response_format?: unknown; speed?: unknown };
      try {
        json = JSON.parse(body.toString("utf8"));
      } catch {
        send(res, path, 400, error("We could not parse the JSON body of your request."));
        return;
      }
      const { model, input, voice } = json;
      const format = typeof json.response_format === "string" ? json.response_format : "mp3";
      const ours = typeof voice === "string" ? (options.voiceAliases?.[voice] ?? voice) : undefined;
      if (typeof model !== "string" || typeof input !== "string" || !input.trim() || input.length > 4096) {
        send(res, path, 400, error("model and input (1-4096 characters) are required."));
        return;
      }
      if (!ours || !(VOICE_IDS as readonly string[]).includes(ours)) {
        send(res, path, 400, error(`Invalid voice: ${String(voice)}`));
        return;
      }
      if (format !== "wav" && format !== "mp3") {
        send(res, path, 400, error(`Unsupported response_format ${format}`));
        return;
      }
      const dir = await mkdtemp(join(work, "speech-"));
      try {
        const speech = await engine.synthesize({
          text: input,
          voice: ours as VoiceId,
          workDir: dir,
          speed: typeof json.speed === "number" ? json.speed : undefined,
        });
        let file = speech.audioPath;
        if (format === "mp3") {
          file = join(dir, "speech.mp3");
          await ffmpeg(["-y", "-i", speech.audioPath, "-c:a", "libmp3lame", "-b:a", "128k", file]);
        }
        const audio = await readFile(file);
        known.set(createHash("sha256").update(audio).digest("hex"), { duration: speech.duration, words: speech.words });
        speechCalls.push({
          input,
          voice: String(voice),
          model,
          format,
          speed: typeof json.speed === "number" ? json.speed : undefined,
          duration: speech.duration,
          words: speech.words,
        });
        send(res, path, 200, audio, { "content-type": format === "wav" ? "audio/wav" : "audio/mpeg" });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      return;
    }
    // Transcription: multipart form with the audio file.
    const form = await new Response(body, { headers: { "content-type": req.headers["content-type"] ?? "" } })
      .formData()
      .catch(() => undefined);
    const file = form?.get("file");
    if (!form || !(file instanceof Blob) || typeof form.get("model") !== "string") {
      send(res, path, 400, error("A multipart form with file and model is required."));
      return;
    }
    const audio = Buffer.from(await file.arrayBuffer());
    const entry = known.get(createHash("sha256").update(audio).digest("hex"));
    if (!entry) {
      send(res, path, 400, error("Audio file might be corrupted or unsupported"));
      return;
    }
    const wantsWords =
      form.get("response_format") === "verbose_json" && form.getAll("timestamp_granularities[]").includes("word");
    const words = entry.words.map((w) => ({
      word: w.text.replace(/^[^\p{L}\p{N}$]+|[^\p{L}\p{N}%]+$/gu, ""),
      start: w.start,
      end: w.end,
    }));
    const text = words.map((w) => w.word).join(" ");
    const segment = { id: 0, start: 0, end: entry.duration, text, ...(wantsWords ? { words } : {}) };
    send(res, path, 200, {
      task: "transcribe",
      language: "english",
      duration: entry.duration,
      text,
      segments: [options.wordsInSegments ? segment : { id: 0, start: 0, end: entry.duration, text }],
      ...(wantsWords && !options.wordsInSegments ? { words } : {}),
    });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((cause: unknown) => {
      if (!res.headersSent)
        send(res, req.url ?? "", 500, error(`Fake server failure: ${String(cause)}`, "server_error"));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const lifetime = setTimeout(() => server.close(), options.lifetimeMs ?? 300_000);
  lifetime.unref();
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    speechCalls,
    requests,
    failNext(path, status, count = 1, headers = {}) {
      for (let i = 0; i < count; i += 1) failures.push({ path, status, headers });
    },
    async close() {
      clearTimeout(lifetime);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(work, { recursive: true, force: true });
    },
  };
}
