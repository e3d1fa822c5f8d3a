import { CAPTION_STYLE_IDS, CHROMA_KEY, LANGUAGES } from "@reelsmith/core";
import { z } from "zod";
import { InvalidCompositionError } from "../errors.ts";

/**
 * The Composition: everything one video is made of, as data. Recipes build it, the compiler turns it
 * into one ffmpeg command. Positions and sizes are pixels of the logical 1080x1920 frame (a draft
 * render scales them); times are seconds on the video's timeline.
 */

const seconds = z.number().finite().nonnegative();
export const colorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/, "colours are #RRGGBB or #RRGGBBAA");
const path = z.string().min(1);

export const boxSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
});
export type Box = z.infer<typeof boxSchema>;

/** One point of an animation: at `t` (seconds from the layer's start) the layer has this transform. */
export const keyframeSchema = z.object({
  t: seconds,
  /** Scale about the box centre (1 = as fitted). */
  scale: z.number().finite().positive().default(1),
  /** Offset from the fitted position, pixels. */
  x: z.number().finite().default(0),
  y: z.number().finite().default(0),
});
export type Keyframe = z.infer<typeof keyframeSchema>;

export const motionSchema = z.object({
  /**
   * `camera`: zoom and pan inside the layer's box (the box stays filled, Ken Burns);
   * `object`: the layer itself grows, shrinks and moves (a product card gliding in).
   */
  mode: z.enum(["camera", "object"]).default("camera"),
  easing: z.enum(["linear", "ease-in-out"]).default("ease-in-out"),
  keyframes: z.array(keyframeSchema).min(1),
});
export type Motion = z.infer<typeof motionSchema>;

const chromaByte = z.number().min(0).max(255);

export const chromaKeySchema = z.object({
  color: colorSchema.default("#00FF00"),
  /**
   * The key as the video's own U and V (8-bit), taken as they are (ffmpeg's `yuv=1`) instead of `color`:
   * the screen core's screenKeyOf found in a creator's clip.
   */
  chroma: z.object({ u: chromaByte, v: chromaByte }).optional(),
  similarity: z.number().min(0.01).max(1).default(CHROMA_KEY.similarity),
  blend: z.number().min(0).max(1).default(CHROMA_KEY.smoothness),
  /** Remove the green (or blue) cast the screen leaves on the subject's edges. */
  despill: z.boolean().default(true),
});
export type ChromaKey = z.infer<typeof chromaKeySchema>;

const layerTiming = {
  /** When the layer appears on the timeline. */
  start: seconds.default(0),
  /** When it disappears (default: the end of the video). */
  end: seconds.optional(),
  fadeIn: seconds.default(0),
  fadeOut: seconds.default(0),
};

const placed = {
  /** Where the layer goes; default the whole frame. */
  box: boxSchema.optional(),
  fit: z.enum(["cover", "contain"]).default("cover"),
  motion: motionSchema.optional(),
};

export const videoLayerSchema = z.object({
  kind: z.literal("video"),
  src: path,
  ...layerTiming,
  ...placed,
  /** Seconds skipped at the start of the source. */
  trimStart: seconds.default(0),
  /** Repeat the source to fill the layer (-stream_loop; sources are cut to loop seamlessly). */
  loop: z.boolean().default(false),
  /** Mirror left-right. */
  mirror: z.boolean().default(false),
  /** Playback speed (0.5 = half speed). */
  speed: z.number().min(0.25).max(4).default(1),
  chromaKey: chromaKeySchema.optional(),
});

/**
 * A bright band of light that sweeps once across a picture, over its opaque pixels only (the glint
 * crossing a cut-out product). Times are seconds from the layer's start.
 */
export const sheenSchema = z.object({
  start: seconds.default(0),
  /** How long the band takes to cross the picture. */
  duration: z.number().finite().positive(),
  color: colorSchema.default("#FFFFFF"),
  /** Opacity at the band's brightest line. */
  strength: z.number().min(0).max(1).default(0.5),
  /** The band's width, as a share of the picture's width. */
  width: z.number().min(0.02).max(2).default(0.3),
  /** Tilt from the vertical, degrees (positive leans right at the top). */
  angle: z.number().min(-60).max(60).default(20),
});
export type Sheen = z.infer<typeof sheenSchema>;

export const imageLayerSchema = z.object({
  kind: z.literal("image"),
  /** A PNG, JPEG, WebP or GIF within IMAGE_MAX_PIXELS and IMAGE_MAX_SIDE (checked from its headers). */
  src: path,
  ...layerTiming,
  ...placed,
  /** Gaussian blur radius (a blurred copy makes a backdrop for pictures of any shape). */
  blur: z.number().min(0).max(100).default(0),
  /** Rounded corners and a soft drop shadow, drawn before compositing (pixels). */
  cornerRadius: z.number().min(0).default(0),
  shadow: z.boolean().default(false),
  sheen: sheenSchema.optional(),
});

export const colorLayerSchema = z.object({
  kind: z.literal("color"),
  color: colorSchema,
  ...layerTiming,
  box: boxSchema.optional(),
});

/** A soft multi-stop backdrop, drawn once as a picture. */
export const gradientLayerSchema = z.object({
  kind: z.literal("gradient"),
  colors: z.array(colorSchema).min(2).max(6),
  /** Soft light blobs over the gradient, for a studio-backdrop look. */
  glow: z.boolean().default(true),
  ...layerTiming,
  box: boxSchema.optional(),
  motion: motionSchema.optional(),
});

export const TEXT_LOOKS = ["tiktok", "title", "banner", "cta", "label"] as const;
export type TextLook = (typeof TEXT_LOOKS)[number];

/** A block of static text (a hook, a title, a call to action), drawn as a picture. */
export const textLayerSchema = z.object({
  kind: z.literal("text"),
  text: z.string().min(1),
  /**
   * tiktok: black text on white rounded boxes per line; title: big white text with a dark outline;
   * banner: white text on a dark translucent band; cta: bold text on a bright pill; label: small caps on a pill.
   */
  look: z.enum(TEXT_LOOKS).default("tiktok"),
  /** Font size in pixels (lines wrap inside the box). */
  size: z.number().min(16).max(240).default(64),
  accent: colorSchema.optional(),
  ...layerTiming,
  box: boxSchema,
  motion: motionSchema.optional(),
});

/** A Reddit post card: avatar, user, header, the title and the vote and comment counts. */
export const redditCardLayerSchema = z.object({
  kind: z.literal("reddit-card"),
  username: z.string(),
  title: z.string().min(1),
  /**
   * Avatar picture (PNG, JPEG, WebP or GIF within IMAGE_MAX_PIXELS and IMAGE_MAX_SIDE, checked from its
   * headers); null draws the default avatar.
   */
  avatar: z.string().nullable().default(null),
  subreddit: z.string().default("AskReddit"),
  theme: z.enum(["light", "dark"]).default("light"),
  upvotes: z.number().int().nonnegative().nullable().default(null),
  comments: z.number().int().nonnegative().nullable().default(null),
  ...layerTiming,
  box: boxSchema,
  motion: motionSchema.optional(),
});

export const layerSchema = z.discriminatedUnion("kind", [
  videoLayerSchema,
  imageLayerSchema,
  colorLayerSchema,
  gradientLayerSchema,
  textLayerSchema,
  redditCardLayerSchema,
]);
export type Layer = z.infer<typeof layerSchema>;
export type VideoLayer = z.infer<typeof videoLayerSchema>;
export type ImageLayer = z.infer<typeof imageLayerSchema>;
export type ColorLayer = z.infer<typeof colorLayerSchema>;
export type GradientLayer = z.infer<typeof gradientLayerSchema>;
export type TextLayer = z.infer<typeof textLayerSchema>;
export type RedditCardLayer = z.infer<typeof redditCardLayerSchema>;

export const audioLayerSchema = z.object({
  src: path,
  /** Voice is kept clear; music and ambience duck under it. */
  role: z.enum(["voice", "music", "ambient"]),
  start: seconds.default(0),
  /** Seconds skipped at the start of the source (not with loop). */
  trimStart: seconds.default(0),
  /** How long it plays (default: to the end of the source, or of the video when looping). */
  duration: seconds.optional(),
  loop: z.boolean().default(false),
  /** Gain in dB. */
  volume: z.number().min(-60).max(24).default(0),
  fadeIn: seconds.default(0),
  fadeOut: seconds.default(0),
});
export type AudioLayer = z.infer<typeof audioLayerSchema>;

export const timedWordSchema = z.object({ text: z.string(), start: seconds, end: seconds });
export type TimedWord = z.infer<typeof timedWordSchema>;

export const captionTrackSchema = z.object({
  style: z.enum(CAPTION_STYLE_IDS),
  words: z.array(timedWordSchema),
  /** Vertical centre as a share of the height; default the style's own. */
  position: z.number().min(0.1).max(0.75).optional(),
  /** The words' language (a catalogue id; default english): right-to-left scripts read from the right, and
   * languages written without spaces are captioned without them. */
  language: z.enum(LANGUAGES).optional(),
});
export type CaptionTrack = z.infer<typeof captionTrackSchema>;

export const compositionSchema = z
  .object({
    width: z.literal(1080).default(1080),
    height: z.literal(1920).default(1920),
    fps: z.literal(30).default(30),
    duration: z.number().finite().positive().max(600),
    background: colorSchema.default("#000000"),
    layers: z.array(layerSchema).default([]),
    audio: z.array(audioLayerSchema).default([]),
    captions: captionTrackSchema.nullable().default(null),
    /** Duck music and ambience under the voice. */
    ducking: z.object({ enabled: z.boolean().default(true), amountDb: z.number().min(0).max(30).default(10) }).default({
      enabled: true,
      amountDb: 10,
    }),
    loudness: z
      .object({ targetLufs: z.number().min(-40).max(-5).default(-14), truePeakDb: z.number().max(0).default(-1.5) })
      .default({ targetLufs: -14, truePeakDb: -1.5 }),
    /** A still frame saved as the video's thumbnail, at this time. */
    thumbnailAt: seconds.optional(),
  })
  .superRefine((c, ctx) => {
    c.layers.forEach((layer, i) => {
      const end = layer.end ?? c.duration;
      if (end <= layer.start) {
        ctx.addIssue({ code: "custom", path: ["layers", i, "end"], message: "a layer must end after it starts" });
      }
      if (layer.start >= c.duration) {
        ctx.addIssue({
          code: "custom",
          path: ["layers", i, "start"],
          message: "the layer starts after the video ends",
        });
      }
    });
    c.audio.forEach((a, i) => {
      if (a.loop && a.trimStart > 0) {
        ctx.addIssue({
          code: "custom",
          path: ["audio", i, "trimStart"],
          message: "a looping sound cannot skip its start",
        });
      }
    });
    if (c.thumbnailAt !== undefined && c.thumbnailAt >= c.duration) {
      ctx.addIssue({ code: "custom", path: ["thumbnailAt"], message: "the thumbnail time is after the end" });
    }
  });
export type Composition = z.output<typeof compositionSchema>;
export type CompositionInput = z.input<typeof compositionSchema>;

/** Validates a composition (from a recipe or a JSON file), naming every problem at once. */
export function parseComposition(input: unknown): Composition {
  const result = compositionSchema.safeParse(input);
  if (!result.success) {
    throw new InvalidCompositionError(result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`));
  }
  return result.data;
}
