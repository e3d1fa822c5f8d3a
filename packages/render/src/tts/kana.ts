import { TtsError } from "./errors.ts";
import { runProcess } from "./process.ts";

/**
 * espeak-ng reads Japanese in kana only, so Japanese words are read into hiragana first by KAKASI (Debian's
 * kakasi): kanji by its dictionary, katakana by sound. The topic and direction particles are written は and へ but
 * said "wa" and "e": a word that is only one of them (how `Intl.Segmenter` leaves a particle) is given its sound.
 */
export async function kanaReadings(
  words: readonly string[],
  options: { signal?: AbortSignal; onSpawn?: (pid: number) => void } = {},
): Promise<string[]> {
  if (words.length === 0) return [];
  const input = `${words.map((word) => word.replace(/[\r\n]+/g, " ")).join("\n")}\n`;
  let stdout: string;
  try {
    ({ stdout } = await runProcess("kakasi", ["-i", "utf8", "-o", "utf8", "-JH", "-KH"], { input, ...options }));
  } catch (error) {
    if (error instanceof TtsError && error.code === "ENGINE_MISSING") {
      throw new TtsError(
        "ENGINE_MISSING",
        "Japanese is read into kana by kakasi, which is not installed (sudo apt-get install kakasi).",
        { cause: error },
      );
    }
    throw error;
  }
  const lines = stdout.split("\n");
  return words.map((word, i) => particleSound(lines[i] ?? word));
}

const PARTICLES: Record<string, string> = { は: "わ", へ: "え" };

function particleSound(reading: string): string {
  const match = /^([はへ])(\p{P}*)$/u.exec(reading);
  return match ? `${PARTICLES[match[1] ?? ""] ?? match[1]}${match[2]}` : reading;
}
