/**
 * The fixed media catalogue of the spec (section 3): voices, caption styles, background gameplay,
 * faceless styles and text-hook styles. Ids are the spec's own; the starter library supplies the
 * files (see library/), the render engine the look (see packages/render).
 */

import { LANGUAGES, type LanguageId } from "./languages.ts";

export const VOICE_IDS = ["alloy", "echo", "onyx", "fable", "nova", "shimmer"] as const;
export type VoiceId = (typeof VOICE_IDS)[number];

export interface Voice {
  id: VoiceId;
  name: string;
  gender: "male" | "female";
  age: "Young" | "Adult";
  /** The voice's own accent (the spec's field): how it reads English. */
  language: "English";
  /**
   * Every language the voice speaks. Offline, English is read by the festival and flite voices and every other
   * language by espeak-ng in a variant of the same gender and age; the speech services speak them all too.
   */
  languages: readonly LanguageId[];
}

const voice = (id: VoiceId, name: string, gender: Voice["gender"], age: Voice["age"]): Voice => ({
  id,
  name,
  gender,
  age,
  language: "English",
  languages: LANGUAGES,
});
export const voices: readonly Voice[] = [
  voice("alloy", "Blake", "male", "Adult"),
  voice("echo", "Cayleb", "male", "Young"),
  voice("onyx", "Daniel", "male", "Adult"),
  voice("fable", "Jordan", "male", "Young"),
  voice("nova", "Sophie", "female", "Young"),
  voice("shimmer", "Jessie", "female", "Adult"),
];
export const DEFAULT_VOICE: VoiceId = "alloy";

export const CAPTION_STYLE_IDS = [
  "modern-bold",
  "neon-glow",
  "typewriter",
  "bubble",
  "minimal",
  "retro",
  "cinematic",
  "gaming",
  "handwritten",
  "gradient",
  "outline",
  "shadow",
  "script",
  "pixel",
  "corporate",
  "comic",
  "elegant",
  "techno",
  "vintage",
  "grunge",
  "neon-outline",
  "glass",
  "metal",
  "fire",
] as const;
export type CaptionStyleId = (typeof CAPTION_STYLE_IDS)[number];

export const BACKGROUND_IDS = ["minecraft", "gta5", "satisfying", "subway-surfers", "rocket-league", "other"] as const;
export type BackgroundId = (typeof BACKGROUND_IDS)[number];

/** The music id meaning "no music" (spec: background_music defaults to it). */
export const NO_MUSIC = "no-music";

export const ASMR_STYLES = [
  { id: "fruit", title: "Fruit Cutting" },
  { id: "cube", title: "Environment Cube Cutting" },
  { id: "toast", title: "Toast Spreading" },
  { id: "paint", title: "Paint Squeezing" },
] as const;
export type AsmrStyleId = (typeof ASMR_STYLES)[number]["id"];

export const DREAMSCAPE_STYLES = [
  { id: "fashion", title: "Fashion" },
  { id: "luxury", title: "Luxury" },
  { id: "alternate-realities", title: "Alternate Realities" },
  { id: "machine-experiments", title: "Machine Experiments" },
  { id: "nature", title: "Nature" },
] as const;
export type DreamscapeStyleId = (typeof DREAMSCAPE_STYLES)[number]["id"];

export const FACELESS_TABS = ["asmr", "dreamscape"] as const;
/** A faceless video's lengths (seconds) and the one a new video starts with. */
export const FACELESS_LENGTHS = [15, 30, 60] as const;
export const FACELESS_DEFAULT_LENGTH = 30;
export type FacelessTab = (typeof FACELESS_TABS)[number];
/** Selecting a tab resets the style: asmr gives fruit, otherwise fashion (spec section 4). */
export function defaultFacelessStyle(tab: FacelessTab): AsmrStyleId | DreamscapeStyleId {
  return tab === "asmr" ? "fruit" : "fashion";
}

/** Text-hook styles and the footage (video_type) each maps to (spec section 3). */
export const TEXT_HOOK_STYLES = [
  { id: "boiler-room", title: "Rave / Boiler Room", videoType: "rave" },
  { id: "roller-coaster", title: "Rollercoaster POV", videoType: "rollercoaster" },
  { id: "stunning-nature", title: "Epic Nature", videoType: "nature" },
] as const;
export type TextHookStyleId = (typeof TEXT_HOOK_STYLES)[number]["id"];
export type TextHookVideoType = (typeof TEXT_HOOK_STYLES)[number]["videoType"];
export function textHookVideoType(style: TextHookStyleId): TextHookVideoType {
  const found = TEXT_HOOK_STYLES.find((s) => s.id === style);
  if (!found) throw new RangeError(`unknown text-hook style ${style}`);
  return found.videoType;
}

export const UGC_GENDERS = ["female", "male"] as const;
export type UgcGender = (typeof UGC_GENDERS)[number];
