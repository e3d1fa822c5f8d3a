/** Shared spec for the 9:16 style clips (ASMR, dreamscape, text-hook footage). */
import { type BuildModeName, QUICK_SECONDS, type VideoSpec, verticalSpec } from "./video.ts";

/** `openAt`: where in the loop the clip opens (see VideoSpec.openAt). */
export function styleClipSpec(mode: BuildModeName, fullSeconds: number, thumbnailAt = 0.35, openAt = 0): VideoSpec {
  return verticalSpec(mode === "quick" ? QUICK_SECONDS : fullSeconds, { thumbnailAt, openAt });
}
