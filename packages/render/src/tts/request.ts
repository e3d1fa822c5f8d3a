import { VOICE_IDS } from "@reelsmith/core";
import { TtsError } from "./errors.ts";
import { type SpeechToken, speechTokens } from "./text.ts";

/**
 * What every speech provider does with a request before it speaks: the voice checked, warnings reported, and the
 * script split into the words that will be spoken (`speechTokens`), refused when there are none.
 */

/** Refuses a voice that is not one of the product's voices. */
export function checkVoice(voice: string): void {
  if (!(VOICE_IDS as readonly string[]).includes(voice)) {
    throw new TtsError("UNKNOWN_VOICE", `Unknown voice "${voice}" (${VOICE_IDS.join(", ")}).`);
  }
}

/** Where a provider's warnings go: its `onWarning`, or the console. */
export function warningsTo(onWarning: ((message: string) => void) | undefined): (message: string) => void {
  return onWarning ?? ((message: string) => console.warn(`[tts] ${message}`));
}

/**
 * The words of a script that will be spoken, and its warnings (also sent to `warn`; the provider adds its own to
 * the list, which the Speech carries); a script with no words is refused.
 */
export function wordsToSpeak(
  text: string,
  warn: (message: string) => void,
  language?: string,
): { tokens: SpeechToken[]; warnings: string[] } {
  const { tokens, warnings } = speechTokens(text, language);
  for (const warning of warnings) warn(warning);
  if (tokens.length === 0) throw new TtsError("NOTHING_TO_SAY", "The script has no words that can be spoken.");
  return { tokens, warnings: [...warnings] };
}
