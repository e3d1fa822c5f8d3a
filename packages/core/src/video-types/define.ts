import type { z } from "zod";
import type { FileType } from "../uploads/kinds.ts";

/** The kinds of items in the starter library (library/src/catalogue.ts ASSET_KINDS has the same names). */
export const LIBRARY_KINDS = ["background", "music", "meme", "asmr", "dreamscape", "hook-footage"] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

/** The fields of an input that hold a string (upload ids and library keys). */
export type StringField<I> = { [K in keyof I]-?: I[K] extends string | null | undefined ? K : never }[keyof I] & string;

/** An input field holding the id of one of the user's uploads: a `files` row of this kind. */
export interface UploadSource<I> {
  from: "upload";
  field: StringField<I>;
  kind: FileType;
  /** Other kinds of upload the field takes too (green-screen: own background footage). */
  alsoKinds?: readonly FileType[];
  /** The field may be absent (the input chose another source): the asset is then null. */
  optional?: true;
}

/** An input field naming an item of the starter library. */
export interface LibrarySource<I> {
  from: "library";
  field: StringField<I>;
  /** The library kind; a function when the input decides it (faceless-ai: its tab). */
  kind: LibraryKind | ((input: I) => LibraryKind);
  /** The library key, when it is not the field's value itself (text-hook: the style's footage). */
  key?: (input: I) => string;
  /** The field's value that means "none" (NO_MUSIC): the asset is then null. */
  none?: string;
  /** The field may be absent (the input chose another source): the asset is then null. */
  optional?: true;
}

/**
 * An input field holding a small picture inline, as a data URL (reddit: the avatar, spec section 3). The
 * server checks it before anything is charged and keeps it as an object stored with the video (the stored
 * input then holds its key in `stored_objects`, not the data); the engine gets a file like any other.
 */
export interface InlineSource<I> {
  from: "inline";
  field: StringField<I>;
  kind: "picture";
  /** The refusal when the data is not a picture that decodes whole. */
  invalid: string;
  /** Inline data is never required: without it the recipe draws its default. */
  optional: true;
}

/** What an inline picture is: a JPEG, PNG or WebP data URL (groups: the format, the base64 payload). */
export const PICTURE_DATA_URL = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

export type AssetSource<I> = UploadSource<I> | LibrarySource<I> | InlineSource<I>;

/**
 * The key under which a stored input keeps the objects its inline sources became: asset name -> storage
 * key. Not part of any input schema, so parsing a stored input drops it.
 */
export const STORED_OBJECTS_FIELD = "stored_objects";

/** The stored objects of a stored input, by asset name. */
export function storedObjectsOf(input: unknown): Record<string, string> {
  const field = (input as Record<string, unknown> | null)?.[STORED_OBJECTS_FIELD];
  if (typeof field !== "object" || field === null) return {};
  return Object.fromEntries(
    Object.entries(field).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
  );
}

/** The files an asset map resolves to: a path each, or null where the input may choose none. */
export type ResolvedAssets<A> = Flatten<
  {
    -readonly [K in keyof A as A[K] extends { optional: true } ? never : K]: A[K] extends { none: string }
      ? string | null
      : string;
  } & {
    /** An optional source may be left out by a caller that never uses it (null when resolved). */
    -readonly [K in keyof A as A[K] extends { optional: true } ? K : never]?: string | null;
  }
>;

/** One object type instead of an intersection (so types compare and show plainly). */
type Flatten<T> = { [K in keyof T]: T[K] };

/** What a title rule may use besides the input. */
export interface VideoTitleContext {
  /** The original names of the uploads the input refers to, by input field (e.g. audio_file_id). */
  filenames: Readonly<Partial<Record<string, string>>>;
}

/**
 * Everything the product knows about one video type. The registry (./index.ts) derives the type
 * list, the schemas, the catalogue, the costs and the title rule from these; the render engine's
 * asset resolver and the server's upload checks read `assets`.
 */
export interface VideoTypeDefinition<S extends z.ZodType = z.ZodType, A = Record<string, AssetSource<z.output<S>>>> {
  /** The input: validates the builder form and the API body, and types the recipe. */
  schema: S;
  /** Credits one video costs (spec section 5). */
  cost: number;
  /** Where its builder lives in the web app. */
  route: string;
  /** Shown on the studio, landing and features pages. */
  name: string;
  description: string;
  /** The title a new video gets, before it is made one line of at most VIDEO_TITLE_MAX characters. */
  title(input: z.output<S>, context: VideoTitleContext): string;
  /** The files the recipe reads, by name: the uploads and library items the input refers to. */
  assets: A;
  /**
   * The input's free-text fields the video draws (captions, cards, bands). Before anything is charged each is checked
   * for letters no installed font can draw, and refused at that field with the characters named.
   */
  drawnText: readonly StringField<z.output<S>>[];
  /**
   * The input's words that a video in another language replaces ("Also make it in...", `languages` on POST
   * /api/videos), each with the most characters its field takes. A type with any has a `language` field too: the
   * language its words are written in. Without them, the type is made in one language only.
   */
  translatable?: Readonly<Partial<Record<StringField<z.output<S>>, number>>>;
}

/** Any type's definition, as a registry holds it. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every input; each keeps its own type.
export type AnyVideoTypeDefinition = VideoTypeDefinition<z.ZodType, any>;

/**
 * The registry of definitions for a set of type names: one definition for each, none left out. The product's
 * registry (`videoTypeDefinitions`) is this for `VideoType`; a test adds a type by widening the names.
 */
export type VideoTypeRegistry<K extends string> = { [T in K]: AnyVideoTypeDefinition };

/** What a type with this definition takes as input (its schema's output). */
export type InputOf<D extends AnyVideoTypeDefinition> = z.output<D["schema"]>;

/** The files a type with this definition is given, by asset name (what `resolveAssets` returns for it). */
export type AssetsOf<D extends AnyVideoTypeDefinition> = ResolvedAssets<D["assets"]>;

/** Checks a definition and keeps its exact types (field names, which assets may be none). */
export function defineVideoType<S extends z.ZodType, const A extends Record<string, AssetSource<z.output<S>>>>(
  definition: VideoTypeDefinition<S, A>,
): VideoTypeDefinition<S, A> {
  return definition;
}
