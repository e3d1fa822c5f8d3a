import type { CatalogVoice, UgcGender, VoiceId } from "@reelsmith/core";

/** The catalogue voice that reads a UGC ad for each gender (the render engine's `ugcVoice`). */
export const UGC_VOICE: Record<UgcGender, VoiceId> = { female: "nova", male: "onyx" };

/** The catalogue entry of the voice the chosen gender gives, when the catalogue has it. */
export function voiceFor(gender: UgcGender, voices: readonly CatalogVoice[]): CatalogVoice | undefined {
  return voices.find((v) => v.id === UGC_VOICE[gender]);
}
