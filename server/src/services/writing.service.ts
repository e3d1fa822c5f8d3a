import {
  GREEN_SCREEN_CAPTION_MAX,
  HOOK_TEXT_MAX,
  type LanguageId,
  languageMessages,
  languageOf,
  messages,
  REDDIT_SCRIPT_MAX,
  REDDIT_TITLE_MAX,
  type Translated,
  translatableFields,
  UGC_COPY_MAX,
  type VideoType,
  videoTypeDefinitions,
} from "@reelsmith/core";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import type { FileRow } from "../repositories/files.repository.ts";
import { type ChatMessage, type LanguageModel, LlmError, type ModelPhotos } from "../repositories/llm.repository.ts";

const REDDIT_SYSTEM = `You write first-person stories in the style of popular Reddit posts (AITA, TIFU, relationships,
workplace drama, entitled people, pro revenge) for short vertical videos that a narrator reads aloud.
Rules:
- Open with a hook sentence that makes the listener need to know what happens.
- Plain spoken English: short sentences, concrete details, a clear arc, a satisfying twist or a closing question to the audience.
- No markdown, no headings, no lists, no hashtags, no emoji, no stage directions, no content warnings.
- Keep the story under ${REDDIT_SCRIPT_MAX - 200} characters. Never write anything sexual, hateful or about real, named people.
Answer with a JSON object: {"title": "<the post title, at most ${REDDIT_TITLE_MAX} characters>", "story": "<the story>"}.`;

const CAPTION_SYSTEM = `You write one-line captions for green-screen meme videos on TikTok and Reels: relatable, punchy,
funny, in the "when you..." / "POV:" / "me after..." style. At most ${GREEN_SCREEN_CAPTION_MAX - 30} characters, no hashtags,
at most one emoji, no quotation marks. Answer with the caption only.`;

const HOOK_SYSTEM = `You write the one-line text hook shown over a short music video on TikTok and Reels: it makes a
viewer stop scrolling and feel the song ("POV: ...", "when the drop hits...", "this song at 2am hits different").
At most ${HOOK_TEXT_MAX - 40} characters, no hashtags, at most one emoji, no quotation marks, never the lyrics.
Answer with the hook only.`;

const AD_SYSTEM = `You write copy for short influencer-style (UGC) video ads for TikTok Shop and Reels: a scroll-stopping
hook and a short spoken ad script in the first person, honest and specific, ending with a call to action.
No hashtags, no emoji, no claims about health or money that a product page could not back up.
Answer with a JSON object: {"hook": "<at most ${HOOK_TEXT_MAX - 30} characters>", "ad_copy": "<2 to 5 sentences, at most ${UGC_COPY_MAX - 100} characters>"}.`;

const AD_PHOTO_NOTE = `The product photo is attached: mention what you can really see (colour, material, shape, packaging)
and never invent features the photo and the name do not show.`;

/** The system prompt of a translation: the words of one video, as a JSON object of its fields. */
function translateSystem(from: LanguageId, to: LanguageId, limits: Readonly<Record<string, number>>): string {
  const target = languageOf(to).name;
  const lengths = Object.entries(limits)
    .map(([field, max]) => `"${field}" at most ${max} characters`)
    .join(", ");
  return `You translate the words of a short vertical video (TikTok, Reels, Shorts) from ${languageOf(from).name} into ${target}.
Write natural spoken ${target}, as a native creator would say it to camera: the same meaning, events, tone and humour,
idioms turned into ${target} ones, names and numbers kept. Add nothing, leave nothing out, no notes, no quotation marks
around the text, no markdown. Lengths: ${lengths}.
You get a JSON object; answer with a JSON object with the same keys, each value the ${target} translation.`;
}

/** Removes markdown and layout a narrator cannot read, and collapses whitespace. */
export function plainText(text: string): string {
  return text
    .replace(/```[a-z]*\n?|```/gi, "")
    .replace(/^#+\s*/gm, "")
    .replace(/\*\*|__|\*|(?<=\s|^)_|_(?=\s|$)/g, "")
    .replace(/^\s*[-•]\s+/gm, "")
    .replace(/[ \t]+/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** At most `max` characters, cut after the last whole sentence that fits (or the last word). */
export function clampToSentences(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentenceEnd = Math.max(
    cut.lastIndexOf(". "),
    cut.lastIndexOf("! "),
    cut.lastIndexOf("? "),
    cut.lastIndexOf(".\n"),
    // Chinese, Japanese and Hindi end sentences with their own marks, not followed by a space.
    ...["。", "！", "？", "।"].map((mark) => cut.lastIndexOf(mark)),
  );
  if (sentenceEnd > max * 0.5) return cut.slice(0, sentenceEnd + 1).trim();
  const wordEnd = cut.lastIndexOf(" ");
  return (wordEnd > 0 ? cut.slice(0, wordEnd) : cut).trim();
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Scripts, captions and ad copy from the configured language model. There is no built-in writer: with
 * no model configured every call says how to enable one.
 */
export class WritingService {
  constructor(
    private readonly llm: LanguageModel | undefined,
    private readonly logger: Logger,
    /** Product photos for a model that sees images: the owner check and the picture's bytes. */
    private readonly photos?: {
      /** The user's own file, or NOT_FOUND (the files service). */
      find: (userId: string, fileId: string) => Promise<FileRow>;
      read: ModelPhotos;
    },
  ) {}

  get enabled(): boolean {
    return this.llm !== undefined;
  }

  /** Whether ad copy can be written from the product photo (a model that sees images is configured). */
  get vision(): boolean {
    return this.llm?.vision === true && this.photos !== undefined;
  }

  get model(): string | null {
    return this.llm?.model ?? null;
  }

  #model(): LanguageModel {
    if (!this.llm) throw new AppError("AI_NOT_CONFIGURED", messages.ai.notEnabled);
    return this.llm;
  }

  async #ask(what: string, failure: string, run: (llm: LanguageModel) => Promise<string>): Promise<string> {
    const llm = this.#model();
    try {
      return await run(llm);
    } catch (error) {
      if (error instanceof LlmError) {
        this.logger.warn({ err: error, what }, "language model call failed");
        throw new AppError("UPSTREAM_FAILED", failure);
      }
      throw error;
    }
  }

  async redditScript(input: { script_title: string; script_main: string }) {
    const draft = input.script_main.trim();
    const request = [
      input.script_title ? `Post title: ${input.script_title}` : "Invent a fitting post title.",
      draft
        ? `The author's draft, to keep and improve (same events, same voice):\n${draft}`
        : "Write the story from the title.",
    ].join("\n\n");
    const answer = await this.#ask("reddit script", messages.script.failed, (llm) =>
      llm.complete(
        [
          { role: "system", content: REDDIT_SYSTEM },
          { role: "user", content: request },
        ],
        { json: true, maxTokens: 900 },
      ),
    );
    const parsed = parseJsonObject(answer);
    const storyText = typeof parsed?.story === "string" ? parsed.story : parsed ? "" : answer;
    const story = clampToSentences(plainText(storyText), REDDIT_SCRIPT_MAX);
    if (!story) throw new AppError("UPSTREAM_FAILED", messages.script.failed);
    const modelTitle = typeof parsed?.title === "string" ? plainText(parsed.title) : "";
    const title = (input.script_title || modelTitle).slice(0, REDDIT_TITLE_MAX);
    return { script_title: title, script_main: story };
  }

  async greenScreenCaption(prompt: string) {
    const text_hook = await this.#oneLine(
      "green-screen caption",
      messages.greenScreen.captionFailed,
      CAPTION_SYSTEM,
      prompt,
    );
    return { text_hook: clampToSentences(text_hook, GREEN_SCREEN_CAPTION_MAX) };
  }

  async musicVideoHook(input: { song_name: string; style: string; idea: string }) {
    const about = [
      input.song_name ? `Song: ${input.song_name}` : "",
      input.style ? `Footage: ${input.style}` : "",
      input.idea ? `The musician's idea: ${input.idea}` : "",
    ].filter(Boolean);
    const line = await this.#oneLine(
      "music video hook",
      messages.ai.hookFailed,
      HOOK_SYSTEM,
      about.join("\n") || "Any upbeat song.",
    );
    return { text_hook: clampToSentences(line, HOOK_TEXT_MAX) };
  }

  /**
   * The words of a video (by field) in another language: one request to the model, answered as JSON with the same
   * fields, each cleaned of markdown and cut to its field's most characters. UPSTREAM_FAILED when a field is missing.
   */
  async translate(
    words: Readonly<Record<string, string>>,
    limits: Readonly<Record<string, number>>,
    from: LanguageId,
    to: LanguageId,
  ): Promise<Record<string, string>> {
    const fields = Object.keys(words);
    if (fields.length === 0) return {};
    const failure = languageMessages.translationFailed(to);
    const asked = Object.fromEntries(fields.map((f) => [f, limits[f] ?? REDDIT_SCRIPT_MAX]));
    const answer = await this.#ask(`translation into ${to}`, failure, (llm) =>
      llm.complete(
        [
          { role: "system", content: translateSystem(from, to, asked) },
          { role: "user", content: JSON.stringify(words) },
        ],
        { json: true, maxTokens: 2400 },
      ),
    );
    const parsed = parseJsonObject(answer);
    const translated: Record<string, string> = {};
    for (const field of fields) {
      const value = parsed?.[field];
      const text =
        typeof value === "string" ? clampToSentences(plainText(value), asked[field] ?? REDDIT_SCRIPT_MAX) : "";
      if (!text) throw new AppError("UPSTREAM_FAILED", failure);
      translated[field] = text;
    }
    return translated;
  }

  /**
   * POST /api/ai/translate: a type's words in each language asked for (one model request per language, side by
   * side). A field the type does not translate is refused; empty fields are left out.
   */
  async translateWords(body: {
    type: VideoType;
    words: Record<string, string>;
    from: LanguageId;
    to: LanguageId[];
  }): Promise<Translated> {
    const limits = Object.fromEntries(
      translatableFields(videoTypeDefinitions[body.type]).map(({ field, max }) => [field, max]),
    );
    const stray = Object.keys(body.words).find((field) => !(field in limits));
    if (stray) {
      throw new AppError("VALIDATION_FAILED", languageMessages.notTranslated(stray), { field: `words.${stray}` });
    }
    const words = Object.fromEntries(Object.entries(body.words).filter(([, text]) => text.trim() !== ""));
    this.#model();
    const targets = [...new Set(body.to)].filter((language) => language !== body.from);
    const done = await Promise.all(
      targets.map(async (language) => [language, await this.translate(words, limits, body.from, language)] as const),
    );
    return { translations: Object.fromEntries(done) };
  }

  /** One line of text from the model (the first, unquoted), or UPSTREAM_FAILED with `failure`. */
  async #oneLine(what: string, failure: string, system: string, user: string): Promise<string> {
    const answer = await this.#ask(what, failure, (llm) =>
      llm.complete(
        [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
        { maxTokens: 80 },
      ),
    );
    const line =
      plainText(answer)
        .split("\n")[0]
        ?.replace(/^["'“”]+|["'“”]+$/g, "")
        .trim() ?? "";
    if (!line) throw new AppError("UPSTREAM_FAILED", failure);
    return line;
  }

  /**
   * A hook and spoken ad for the product. With a model that sees images and the id of one of the user's
   * product images, the photo goes along (downscaled); otherwise, or when the photo cannot be read, the
   * name alone. Another user's image is NOT_FOUND, as everywhere.
   */
  async adCopy(userId: string, input: { product_name: string; product_image_id?: string | undefined }) {
    this.#model();
    const photo = input.product_image_id ? await this.#productPhoto(userId, input.product_image_id) : null;
    const request = `Product: ${input.product_name}`;
    const user: ChatMessage = photo
      ? {
          role: "user",
          content: [
            { type: "text", text: `${request}\n\n${AD_PHOTO_NOTE}` },
            { type: "image_url", image_url: { url: photo, detail: "low" } },
          ],
        }
      : { role: "user", content: request };
    const answer = await this.#ask("ad copy", messages.script.failed, (llm) =>
      llm.complete([{ role: "system", content: AD_SYSTEM }, user], { json: true, maxTokens: 400 }),
    );
    const parsed = parseJsonObject(answer);
    const hook = typeof parsed?.hook === "string" ? clampToSentences(plainText(parsed.hook), HOOK_TEXT_MAX) : "";
    const adCopy = typeof parsed?.ad_copy === "string" ? clampToSentences(plainText(parsed.ad_copy), UGC_COPY_MAX) : "";
    if (!hook || !adCopy) throw new AppError("UPSTREAM_FAILED", messages.script.failed);
    return { hook, ad_copy: adCopy };
  }

  /** The photo as a data URL when the model sees images; null when it does not or the picture cannot be read. */
  async #productPhoto(userId: string, fileId: string): Promise<string | null> {
    if (!this.vision || !this.photos) return null;
    const row = await this.photos.find(userId, fileId);
    if (row.type !== "product-image") throw new AppError("NOT_FOUND", messages.files.notFound);
    try {
      return await this.photos.read.jpegDataUrl(row.path);
    } catch (error) {
      // The copy can still be written from the name.
      this.logger.warn({ err: error, fileId }, "could not read the product photo for the language model");
      return null;
    }
  }
}
