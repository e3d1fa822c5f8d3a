import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { checkPictureSize, decoderMaxPixels, runFfmpeg } from "@reelsmith/render";
import type { ObjectStorage } from "./storage/object-storage.ts";

/**
 * Any OpenAI-compatible chat API (OpenAI, Ollama, vLLM, LM Studio ...): POST {baseUrl}/chat/completions.
 * The only code that talks to the language model.
 */
export interface LlmConfig {
  /** Including the version path, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
  /** The model reads images (OpenAI-style `image_url` parts), so ad copy may be written from the photo. */
  vision?: boolean | undefined;
}

/** One part of a multimodal user message (OpenAI's content-part format, which compatible servers share). */
export type ChatContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string; detail?: "low" | "high" | "auto" } };

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  /** Text, or text and pictures for a model that sees images. */
  content: string | ChatContentPart[];
}

export class LlmError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

export interface LanguageModel {
  readonly model: string;
  /** Whether messages may carry images. */
  readonly vision: boolean;
  complete(
    messages: ChatMessage[],
    options?: { json?: boolean; maxTokens?: number; signal?: AbortSignal },
  ): Promise<string>;
}

export class OpenAiCompatibleLlm implements LanguageModel {
  readonly model: string;
  readonly vision: boolean;
  constructor(private readonly config: LlmConfig) {
    this.model = config.model;
    this.vision = config.vision === true;
  }

  async complete(
    messages: ChatMessage[],
    options: { json?: boolean; maxTokens?: number; signal?: AbortSignal } = {},
  ): Promise<string> {
    const url = `${this.config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    const timeout = AbortSignal.timeout(this.config.timeoutMs ?? 60_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        signal,
        headers: {
          "content-type": "application/json",
          ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.config.model,
          messages,
          temperature: 0.9,
          ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
          ...(options.json ? { response_format: { type: "json_object" } } : {}),
        }),
      });
    } catch (error) {
      throw new LlmError(`The language model could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => "")).slice(0, 300);
      throw new LlmError(`The language model answered ${response.status}: ${detail}`, response.status);
    }
    const body = (await response.json().catch(() => null)) as {
      choices?: { message?: { content?: string | null } }[];
    } | null;
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== "string" || content.trim() === "") {
      throw new LlmError("The language model returned no text.");
    }
    return content;
  }
}

/** The longest side of a photo sent to the model: enough to read a product, small enough to send quickly. */
export const MODEL_PHOTO_MAX_PX = 768;

/**
 * ffmpeg arguments that turn an image of `size` (from its headers) into a JPEG whose longest side is at
 * most `maxPx` (never enlarged); the decoder refuses a frame larger than the headers said.
 */
export function modelPhotoArgs(
  input: string,
  output: string,
  size: { width: number; height: number },
  maxPx = MODEL_PHOTO_MAX_PX,
): string[] {
  return [
    "-v",
    "error",
    "-y",
    "-max_pixels",
    String(decoderMaxPixels(size)),
    "-i",
    input,
    "-frames:v",
    "1",
    "-vf",
    `scale='min(${maxPx},iw)':'min(${maxPx},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2,format=yuvj420p`,
    "-q:v",
    "4",
    output,
  ];
}

/** Stored photos as the language model reads them. */
export interface ModelPhotos {
  /** The stored image at `key` as a downscaled JPEG data URL. */
  jpegDataUrl(key: string): Promise<string>;
}

/** Reads a stored image, downscales it with ffmpeg in a temporary folder (removed afterwards) and encodes it. */
export class FfmpegModelPhotos implements ModelPhotos {
  constructor(private readonly storage: ObjectStorage) {}

  async jpegDataUrl(key: string): Promise<string> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "reelsmith-photo-"));
    try {
      const input = path.join(dir, `in${path.extname(key)}`);
      const output = path.join(dir, "photo.jpg");
      await this.storage.download(key, input);
      // Its size is read from its headers first: one stored before uploads were checked is not decoded.
      const size = await checkPictureSize(input);
      await runFfmpeg(modelPhotoArgs(input, output, size), { niceness: 0 });
      return `data:image/jpeg;base64,${(await fs.readFile(output)).toString("base64")}`;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
