import { describe, expect, expectTypeOf, it } from "vitest";
import { NO_MUSIC } from "../catalogue/media.ts";
import { messages } from "../messages.ts";
import { canAfford } from "../rules/credits.ts";
import { VIDEO_TITLE_MAX } from "../rules/video-title.ts";
import { showcaseClipSchema } from "../schemas/showcase.ts";
import { videoSchema } from "../schemas/video-list.ts";
import { FILE_TYPES } from "../uploads/kinds.ts";
import {
  acceptedUploadKinds,
  assetReferences,
  type CreateVideo,
  createVideoSchema,
  creditCost,
  facelessInputSchema,
  type GreenScreenInput,
  greenScreenInputSchema,
  isVideoType,
  LIBRARY_KINDS,
  mapVideoTypes,
  optionalAssets,
  type RedditInput,
  redditInputSchema,
  type TextHookInput,
  textHookInputSchema,
  ugcAdsInputSchema,
  uploadFields,
  VIDEO_TYPES,
  type VideoAssetsByType,
  type VideoInputByType,
  type VideoType,
  videoInputSchemas,
  videoTitle,
  videoTypeCatalogue,
  videoTypeDefinitions,
} from "./index.ts";

const SONG = "0d3c1f55-5a5e-4c1c-9a61-2f1b2d6c7a10";
const PICTURE = "6a2b7c1d-3e4f-4a5b-8c6d-7e8f9a0b1c2d";

/** One valid input per type, as the API receives it. */
const inputs: { [T in VideoType]: unknown } = {
  "faceless-ai": { tab: "dreamscape", video_type: "luxury" },
  "ugc-ads": { product_image_id: PICTURE, background_music: NO_MUSIC, product_name: "Glow Serum" },
  "text-hook": { audio_file_id: SONG, video_style: "roller-coaster" },
  "green-screen": { text_hook: "me at 3am", selected_meme: "dancing-cat", background_file_id: PICTURE, song: "x" },
  reddit: {
    post_title: "AITA?",
    script: "It happened.",
    caption_style: "modern-bold",
    background_video: "gta5",
    background_music: "lofi-rainy-window",
  },
};
const parse = <T extends VideoType>(type: T) => videoInputSchemas[type].parse(inputs[type]) as VideoInputByType[T];

const avatarInvalid = messages.reddit.avatarInvalid;

describe("video type definitions", () => {
  it("define every type once, in the product's order, and everything lists them the same way", () => {
    expect(VIDEO_TYPES).toEqual(["faceless-ai", "ugc-ads", "text-hook", "green-screen", "reddit"]);
    expect(Object.keys(videoTypeDefinitions)).toEqual(VIDEO_TYPES);
    expect(Object.keys(videoInputSchemas)).toEqual(VIDEO_TYPES);
    expect(videoTypeCatalogue.map((t) => t.type)).toEqual(VIDEO_TYPES);
    expect(createVideoSchema.options.map((o) => o.shape.type.value)).toEqual(VIDEO_TYPES);
    expect(videoSchema.shape.type.options).toEqual(VIDEO_TYPES);
    expect(showcaseClipSchema.shape.type.options).toEqual(VIDEO_TYPES);
    expect(Object.keys(mapVideoTypes<{ [T in VideoType]: T }>((t) => t))).toEqual(VIDEO_TYPES);
    for (const type of VIDEO_TYPES) expect(isVideoType(type)).toBe(true);
    expect(isVideoType("music")).toBe(false);
    expect(isVideoType("toString")).toBe(false);
  });

  it("keep the exported schemas: each type's input is the schema its own module exports", () => {
    expect(videoInputSchemas).toEqual({
      "faceless-ai": facelessInputSchema,
      "ugc-ads": ugcAdsInputSchema,
      "text-hook": textHookInputSchema,
      "green-screen": greenScreenInputSchema,
      reddit: redditInputSchema,
    });
    expectTypeOf<VideoInputByType["reddit"]>().toEqualTypeOf<RedditInput>();
    expectTypeOf<VideoInputByType["text-hook"]>().toEqualTypeOf<TextHookInput>();
    expectTypeOf<Extract<CreateVideo, { type: "green-screen" }>["input"]>().toEqualTypeOf<GreenScreenInput>();
    for (const type of VIDEO_TYPES) {
      expect(createVideoSchema.safeParse({ type, input: inputs[type] }).success, type).toBe(true);
    }
    expect(createVideoSchema.safeParse({ type: "reddit", input: inputs["text-hook"] }).success).toBe(false);
  });

  it("cost 6 credits for text-hook, reddit and green-screen and 14 for ugc-ads and faceless-ai, 0 when unknown", () => {
    expect(Object.fromEntries(VIDEO_TYPES.map((t) => [t, creditCost(t)]))).toEqual({
      "faceless-ai": 14,
      "ugc-ads": 14,
      "text-hook": 6,
      "green-screen": 6,
      reddit: 6,
    });
    expect(creditCost("music")).toBe(0);
    expect(canAfford(6, "reddit")).toBe(true);
    expect(canAfford(13, "ugc-ads")).toBe(false);
  });

  it("give each type its builder route, name and description", () => {
    expect(Object.fromEntries(videoTypeCatalogue.map((t) => [t.type, t.route]))).toEqual({
      "faceless-ai": "/ai-video-creator",
      "ugc-ads": "/ai-ugc-ads",
      "text-hook": "/create-video",
      "green-screen": "/create/greenscreen",
      reddit: "/create/reddit-story",
    });
    expect(new Set(videoTypeCatalogue.map((t) => t.route)).size).toBe(VIDEO_TYPES.length);
    for (const t of videoTypeCatalogue) {
      expect(t.name.length, t.type).toBeGreaterThan(0);
      expect(t.description.length, t.type).toBeGreaterThan(0);
      expect(t.cost, t.type).toBe(videoTypeDefinitions[t.type].cost);
    }
  });

  it("list the upload fields with the kind of file each must be", () => {
    expect(Object.fromEntries(VIDEO_TYPES.map((t) => [t, uploadFields(t)]))).toEqual({
      "faceless-ai": [],
      "ugc-ads": [{ field: "product_image_id", kind: "product-image" }],
      "text-hook": [{ field: "audio_file_id", kind: "audio-file" }],
      "green-screen": [
        { field: "meme_file_id", kind: "meme-clip" },
        { field: "background_file_id", kind: "green-screen" },
      ],
      reddit: [
        { field: "background_file_id", kind: "background-video" },
        { field: "voiceover_file_id", kind: "voice-over" },
      ],
    });
    for (const type of VIDEO_TYPES) {
      for (const { field, kind } of uploadFields(type)) {
        expect(FILE_TYPES).toContain(kind);
        const schema = videoInputSchemas[type];
        const shape = "shape" in schema ? schema.shape : schema.in.shape;
        expect(Object.keys(shape), `${type}.${field}`).toContain(field);
      }
    }
  });

  it("take own background footage where a background upload may be a clip", () => {
    expect(acceptedUploadKinds("green-screen", "background_file_id")).toEqual(["green-screen", "background-video"]);
    expect(acceptedUploadKinds("reddit", "background_file_id")).toEqual(["background-video"]);
    expect(acceptedUploadKinds("ugc-ads", "product_image_id")).toEqual(["product-image"]);
    expect(acceptedUploadKinds("reddit", "background_video")).toEqual([]);
  });

  it("say which upload or library item each of an input's fields refers to", () => {
    expect(assetReferences("text-hook", parse("text-hook"))).toEqual([
      { asset: "audio", from: "upload", field: "audio_file_id", kind: "audio-file", id: SONG },
      { asset: "footage", from: "library", field: "video_style", kind: "hook-footage", key: "rollercoaster" },
    ]);
    expect(assetReferences("green-screen", parse("green-screen"))).toEqual([
      { asset: "meme", from: "library", field: "selected_meme", kind: "meme", key: "dancing-cat" },
      { asset: "background", from: "upload", field: "background_file_id", kind: "green-screen", id: PICTURE },
      { asset: "music", from: "library", field: "song", kind: "music", key: "x" },
    ]);
    // NO_MUSIC refers to nothing.
    expect(assetReferences("ugc-ads", parse("ugc-ads"))).toEqual([
      { asset: "productImage", from: "upload", field: "product_image_id", kind: "product-image", id: PICTURE },
      { asset: "music", from: "library", field: "background_music", kind: "music", key: null },
    ]);
    expect(assetReferences("reddit", parse("reddit"))).toEqual([
      { asset: "background", from: "library", field: "background_video", kind: "background", key: "gta5" },
      { asset: "music", from: "library", field: "background_music", kind: "music", key: "lofi-rainy-window" },
      // No avatar: the inline source refers to no data, and the card draws the default.
      { asset: "avatar", from: "inline", field: "avatar_url", kind: "picture", invalid: avatarInvalid, data: null },
    ]);
    // An avatar sent inline is a reference to its data, with the refusal its check gives.
    const avatar = "data:image/png;base64,iVBORw0KGgo=";
    const withAvatar = redditInputSchema.parse({ ...(inputs.reddit as object), avatar_url: avatar });
    expect(assetReferences("reddit", withAvatar).at(-1)).toEqual({
      asset: "avatar",
      from: "inline",
      field: "avatar_url",
      kind: "picture",
      invalid: avatarInvalid,
      data: avatar,
    });
    expect(optionalAssets("reddit")).toContain("avatar");
    // A story read by the creator's own recording refers to it as a voice-over upload.
    const ownVoice = redditInputSchema.parse({ ...(inputs.reddit as object), voiceover_file_id: SONG });
    expect(assetReferences("reddit", ownVoice)).toContainEqual({
      asset: "voiceOver",
      from: "upload",
      field: "voiceover_file_id",
      kind: "voice-over",
      id: SONG,
    });
    // The faceless tab decides the library kind.
    expect(assetReferences("faceless-ai", parse("faceless-ai"))).toEqual([
      { asset: "clip", from: "library", field: "video_type", kind: "dreamscape", key: "luxury" },
    ]);
    const asmr = facelessInputSchema.parse({ tab: "asmr", video_type: "toast" });
    expect(assetReferences("faceless-ai", asmr)[0]).toMatchObject({ kind: "asmr", key: "toast" });
    for (const type of VIDEO_TYPES) {
      for (const ref of assetReferences(type, parse(type))) {
        if (ref.from === "library") expect(LIBRARY_KINDS).toContain(ref.kind);
      }
    }
    // A library meme or the creator's own clip: either may be absent.
    expectTypeOf<VideoAssetsByType["green-screen"]>().toEqualTypeOf<{
      background: string;
      music: string | null;
      meme?: string | null;
      ownMeme?: string | null;
    }>();
    expectTypeOf<VideoAssetsByType["faceless-ai"]>().toEqualTypeOf<{ clip: string }>();
  });

  it("title a video by its type's rule, on one line of at most 200 characters", () => {
    expect(videoTitle("reddit", parse("reddit"))).toBe("Reddit Story - Anonymous - AITA?");
    expect(videoTitle("text-hook", parse("text-hook"), { filenames: { audio_file_id: "Summer Anthem.mp3" } })).toBe(
      "Music Video - Rollercoaster POV - Summer Anthem",
    );
    expect(videoTitle("text-hook", parse("text-hook"))).toBe("Music Video - Rollercoaster POV - Untitled track");
    expect(videoTitle("green-screen", parse("green-screen"))).toBe("Green Screen Meme - me at 3am");
    expect(videoTitle("ugc-ads", parse("ugc-ads"))).toBe("UGC Ad - Glow Serum");
    expect(videoTitle("faceless-ai", parse("faceless-ai"))).toBe("Dreamscape - Luxury");
    const long = videoTitle("green-screen", { ...parse("green-screen"), text_hook: `a\n${"b".repeat(300)}` });
    expect(long).toHaveLength(VIDEO_TITLE_MAX);
    expect(long.startsWith("Green Screen Meme - a b")).toBe(true);
    expect(long.endsWith("…")).toBe(true);
  });
});
