/** Shared spec for the 9:16 style clips (ASMR, dreamscape, text-hook footage). */
import { type BuildModeName, QUICK_SECONDS, type VideoSpec, verticalSpec } from "./video.ts";

export function styleClipSpec(mode: BuildModeName, fullSeconds: number, thumbnailAt = 0.35): VideoSpec {
  return verticalSpec(mode === "quick" ? QUICK_SECONDS : fullSeconds, { thumbnailAt });
}
