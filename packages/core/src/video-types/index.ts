import { z } from "zod";
import { clampVideoTitle } from "../rules/video-title.ts";
import type { FileType } from "../uploads/kinds.ts";
import { VIDEO_TYPES, type VideoType } from "./catalogue.ts";
import type {
  AssetSource,
  AssetsOf,
  InputOf,
  LibraryKind,
  LibrarySource,
  VideoTitleContext,
  VideoTypeRegistry,
} from "./define.ts";
import { facelessAiDefinition } from "./faceless-ai.ts";
import { fanOutLanguagesSchema, translationsSchema } from "./fan-out.ts";
import { greenScreenDefinition } from "./green-screen.ts";
import { redditDefinition } from "./reddit.ts";
import { textHookDefinition } from "./text-hook.ts";
import { ugcAdsDefinition } from "./ugc-ads.ts";

export * from "./catalogue.ts";
export * from "./define.ts";
export * from "./faceless-ai.ts";
export * from "./fan-out.ts";
export * from "./green-screen.ts";
export * from "./reddit.ts";
export * from "./text-hook.ts";
export * from "./ugc-ads.ts";

/**
 * The video types, one definition each (spec sections 2, 3 and 5), in the order the product shows
 * them. Everything else about types is derived from this object: the type list, the input schemas,
 * the API body, the catalogue, the costs, the titles and the asset references. Code that differs per
 * type elsewhere is a `{ [T in VideoType]: ... }` map, so a type missing from it does not compile.
 */
export const videoTypeDefinitions = {
  "faceless-ai": facelessAiDefinition,
  "ugc-ads": ugcAdsDefinition,
  "text-hook": textHookDefinition,
  "green-screen": greenScreenDefinition,
  reddit: redditDefinition,
} satisfies VideoTypeRegistry<VideoType>;

/** The product's definitions by type, with each one's exact types. */
export type VideoTypeDefinitions = typeof videoTypeDefinitions;
type Definitions = VideoTypeDefinitions;

/** A map with one entry per video type, made by `make`. */
export function mapVideoTypes<R extends { [T in VideoType]: unknown }>(make: (type: VideoType) => R[VideoType]): R {
  return Object.fromEntries(VIDEO_TYPES.map((type) => [type, make(type)])) as R;
}

export const videoInputSchemas = mapVideoTypes<{ [T in VideoType]: Definitions[T]["schema"] }>(
  (type) => videoTypeDefinitions[type].schema,
);
export type VideoInputByType = { [T in VideoType]: InputOf<Definitions[T]> };

/** What POST /api/videos takes besides the type and its input: the languages to make it in. */
const fanOutFields = {
  /**
   * Make it in each of these languages: one video per language (the input's own language may be one of them), created
   * and charged together, all or nothing. Words without a translation in `translations` are translated by the
   * server's language model. Only for a type with words to translate.
   */
  languages: fanOutLanguagesSchema.optional(),
  /** The words of each language's video by field, as the creator checked them: not translated again. */
  translations: translationsSchema.optional(),
};

type CreateVideoOption = {
  [T in VideoType]: z.ZodObject<
    { type: z.ZodLiteral<T>; input: Definitions[T]["schema"] } & {
      [F in keyof typeof fanOutFields]: (typeof fanOutFields)[F];
    }
  >;
}[VideoType];

/** POST /api/videos body: the type and its input, and the languages to make it in. The server decides the cost. */
export const createVideoSchema = z.discriminatedUnion(
  "type",
  VIDEO_TYPES.map((type) =>
    z.object({ type: z.literal(type), input: videoTypeDefinitions[type].schema, ...fanOutFields }),
  ) as [CreateVideoOption, ...CreateVideoOption[]],
);
export type CreateVideoBody = z.input<typeof createVideoSchema>;
export type CreateVideo = z.output<typeof createVideoSchema>;

/**
 * The title a new video gets. Reddit's is the spec's: 'Reddit Story - {username or Anonymous} - {post
 * title}'; the others follow the same pattern with what identifies them.
 */
export function videoTitle<T extends VideoType>(
  type: T,
  input: VideoInputByType[T],
  context: Partial<VideoTitleContext> = {},
): string {
  const definition = videoTypeDefinitions[type] as unknown as {
    title(input: VideoInputByType[T], context: VideoTitleContext): string;
  };
  return clampVideoTitle(definition.title(input, { filenames: context.filenames ?? {} }));
}

/** The free text an input has the video draw, by field (empty fields left out): what `drawnText` names. */
export function drawnTexts<T extends VideoType>(
  type: T,
  input: VideoInputByType[T],
): { field: string; text: string }[] {
  const fields = videoTypeDefinitions[type].drawnText as readonly string[];
  return fields.flatMap((field) => {
    const value = (input as Record<string, unknown>)[field];
    return typeof value === "string" && value.trim() !== "" ? [{ field, text: value }] : [];
  });
}

/** The refusal of text with letters no installed font can draw, naming them (with their code points). */
export function undrawableTextMessage(characters: readonly string[]): string {
  const named = characters
    .slice(0, 8)
    .map((c) => `"${c}" (U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")})`)
    .join(", ");
  return `No font on this server can draw ${named}${characters.length > 8 ? " and more" : ""}. Remove or replace ${characters.length === 1 ? "it" : "them"}.`;
}

/** The files a type's recipe reads, by asset name (what `resolveAssets` of packages/render returns). */
export type VideoAssetsByType = { [T in VideoType]: AssetsOf<Definitions[T]> };

/** One upload or library item an input refers to. */
export type AssetReference =
  | { asset: string; from: "upload"; field: string; kind: FileType; id: string }
  /** `key` is null when the input chose none (NO_MUSIC). */
  | { asset: string; from: "library"; field: string; kind: LibraryKind; key: string | null }
  /** `data` is the field's data URL, or null when the input carries none (or it was stored already). */
  | { asset: string; from: "inline"; field: string; kind: "picture"; invalid: string; data: string | null };

function sourcesOf<T extends VideoType>(type: T): [string, AssetSource<VideoInputByType[T]>][] {
  return Object.entries(videoTypeDefinitions[type].assets) as [string, AssetSource<VideoInputByType[T]>][];
}

/** The uploads and library items a (validated) input refers to, in the order of its definition. */
export function assetReferences<T extends VideoType>(type: T, input: VideoInputByType[T]): AssetReference[] {
  return sourcesOf(type).flatMap(([asset, source]): AssetReference[] => {
    const raw = input[source.field];
    if (source.from === "inline") {
      const data = typeof raw === "string" && raw !== "" ? raw : null;
      return [{ asset, from: "inline", field: source.field, kind: source.kind, invalid: source.invalid, data }];
    }
    // An optional source the input did not use (own footage instead of a library background).
    if (source.optional && (raw === undefined || raw === null)) {
      return source.from === "upload"
        ? []
        : [{ asset, from: "library", field: source.field, kind: resolveKind(source, input), key: null }];
    }
    const value = String(raw);
    if (source.from === "upload") return [{ asset, from: "upload", field: source.field, kind: source.kind, id: value }];
    const kind = resolveKind(source, input);
    const none = source.none !== undefined && value === source.none;
    return [{ asset, from: "library", field: source.field, kind, key: none ? null : (source.key?.(input) ?? value) }];
  });
}

function resolveKind<I>(source: LibrarySource<I>, input: I): LibraryKind {
  return typeof source.kind === "function" ? source.kind(input) : source.kind;
}

/** The asset names of a type whose file may be absent (null): optional sources and "none" choices. */
export function optionalAssets(type: VideoType): string[] {
  return sourcesOf(type).flatMap(([asset, source]) =>
    source.optional || (source.from === "library" && source.none !== undefined) ? [asset] : [],
  );
}

/** The kinds of upload an input field takes: its own kind and any others its definition allows. */
export function acceptedUploadKinds(type: VideoType, field: string): FileType[] {
  const source = sourcesOf(type).find(([, s]) => s.from === "upload" && s.field === field)?.[1];
  return source?.from === "upload" ? [source.kind, ...(source.alsoKinds ?? [])] : [];
}

/** The input fields of a type that hold upload ids, and the kind of file each must be. */
export function uploadFields(type: VideoType): { field: string; kind: FileType }[] {
  return sourcesOf(type).flatMap(([, source]) =>
    source.from === "upload" ? [{ field: source.field, kind: source.kind }] : [],
  );
}
