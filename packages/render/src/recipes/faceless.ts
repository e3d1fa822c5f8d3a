import { ASMR_STYLES, DREAMSCAPE_STYLES, type FacelessInput } from "@reelsmith/core";
import type { AudioLayer, Layer } from "../composition/schema.ts";
import { type RecipeComposition, round } from "./common.ts";

/** Length of a faceless video and of each cut in it. */
export const FACELESS_DURATION_S = 30;
const CUT_S = 5;
const CROSSFADE_S = 0.5;

export interface FacelessAssets {
  /** The style's clip (library asmr or dreamscape). */
  clip: string;
  /** Its length in seconds (probed). */
  clipDuration: number;
  /** Whether the clip carries its own ambient sound. */
  clipHasAudio: boolean;
  /** A separate ambience or music track, or null. */
  ambient: string | null;
}

export function facelessStyleTitle(input: Pick<FacelessInput, "tab" | "video_type">): string {
  const styles: readonly { id: string; title: string }[] = input.tab === "asmr" ? ASMR_STYLES : DREAMSCAPE_STYLES;
  return styles.find((s) => s.id === input.video_type)?.title ?? input.video_type;
}

/**
 * Faceless AI video: the style clip cut into a sequence of shots (different moments, mirrored,
 * slow push-ins and pull-outs) joined by crossfades, the ambience under it, the title at the start.
 */
export function facelessRecipe(
  input: FacelessInput,
  assets: FacelessAssets,
  { durationS = FACELESS_DURATION_S }: { durationS?: number } = {},
): RecipeComposition {
  const duration = round(durationS);
  const shots = Math.ceil(duration / CUT_S);
  const usable = Math.max(0, assets.clipDuration - CUT_S - CROSSFADE_S);
  const layers: Layer[] = [];
  for (let i = 0; i < shots; i++) {
    const start = i * CUT_S;
    const end = Math.min(duration, start + CUT_S + (i < shots - 1 ? CROSSFADE_S : 0));
    // Spread shots over the clip by the golden ratio so consecutive shots show different moments.
    const trimStart = usable > 0 ? round((i * 0.618 * assets.clipDuration) % usable) : 0;
    const zoomIn = i % 2 === 0;
    layers.push({
      kind: "video",
      src: assets.clip,
      start,
      end: round(end),
      fadeIn: i === 0 ? 0 : CROSSFADE_S,
      fadeOut: 0,
      fit: "cover",
      trimStart,
      loop: usable === 0,
      mirror: i % 3 === 1,
      speed: 1,
      motion: {
        mode: "camera",
        easing: "linear",
        keyframes: [
          { t: 0, scale: zoomIn ? 1 : 1.1, x: 0, y: 0 },
          { t: round(end - start), scale: zoomIn ? 1.1 : 1, x: 0, y: 0 },
        ],
      },
    });
  }
  const title = input.title.trim();
  if (title) {
    layers.push({
      kind: "text",
      text: title,
      look: "title",
      size: 84,
      accent: undefined,
      start: 0.3,
      end: round(Math.min(duration, 4.5)),
      fadeIn: 0.4,
      fadeOut: 0.5,
      box: { x: 60, y: 260, width: 960, height: 520 },
    });
  }
  const audio: AudioLayer[] = [];
  const ambientSrc = assets.ambient ?? (assets.clipHasAudio ? assets.clip : null);
  if (ambientSrc) {
    audio.push({
      src: ambientSrc,
      role: "ambient",
      start: 0,
      trimStart: 0,
      duration,
      loop: true,
      volume: 0,
      fadeIn: 0.5,
      fadeOut: 1.5,
    });
  }
  return { duration, layers, audio, thumbnailAt: round(Math.min(duration - 0.1, title ? 1.5 : 2)) };
}
