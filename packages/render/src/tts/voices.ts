import type { LanguageId, VoiceId } from "@reelsmith/core";
import type { EspeakSettings } from "./espeak.ts";

/**
 * How each catalogue voice is made offline. Every voice is a different recorded speaker or engine, and the two
 * built on the same speaker (nova, shimmer: both CMU SLT) differ in engine, pitch, rate and vocal-tract size.
 *
 * - `pitch` sets the engine's own intonation target (mean F0, Hz), so no post-processing artefacts.
 * - `stretch` is the engine's own duration factor (> 1 slower), so its word timings stay exact.
 * - `tape` plays the finished audio at another speed (asetrate): pitch, formants and tempo all scale by it, which
 *   reads as a larger (< 1) or smaller (> 1) speaker; word times are divided by it. Kept within a few per cent:
 *   a speech recogniser understood the deep voice much worse with 8 % (43 % word errors against 26 % without).
 *
 * Chosen by how well an open recogniser understands them (`npm run bench:voices:wer`): the male voices are the two
 * speakers it understands best (CMU RMS and KAL), each voice set apart by engine, pitch, pace and size. The KED
 * diphones and the Scottish AWB speaker were dropped: 56 % and 42 % of words missed, against 15-23 % now.
 */
export interface OfflineVoice {
  id: VoiceId;
  engine: "festival" | "flite";
  /** festival: the voice's select function; flite: the helper's voice name. */
  voice: string;
  /** Readable description for docs and reports. */
  label: string;
  pitch?: { mean: number; spread: number };
  stretch: number;
  tape?: number;
}

export const OFFLINE_VOICES: Record<VoiceId, OfflineVoice> = {
  alloy: {
    id: "alloy",
    engine: "flite",
    voice: "rms",
    label: "flite cmu_us_rms (US male, clustergen)",
    stretch: 1.0,
  },
  echo: {
    id: "echo",
    engine: "festival",
    voice: "voice_kal_diphone",
    label: "festival kal_diphone (US male), raised pitch, quicker",
    pitch: { mean: 119, spread: 18 },
    stretch: 1.0,
    tape: 1.05,
  },
  onyx: {
    id: "onyx",
    engine: "flite",
    voice: "kal16",
    label: "flite cmu_us_kal16 (US male, diphone), deep: its own low pitch, a little slower",
    stretch: 1.1,
  },
  fable: {
    id: "fable",
    engine: "flite",
    voice: "rms",
    label: "flite cmu_us_rms (US male, clustergen), young: higher, quicker and smaller",
    stretch: 0.97,
    tape: 1.07,
  },
  nova: {
    id: "nova",
    engine: "festival",
    voice: "voice_cmu_us_slt_arctic_hts",
    label: "festival cmu_us_slt_arctic_hts (US female, HMM)",
    stretch: 1.05,
  },
  shimmer: {
    id: "shimmer",
    engine: "flite",
    voice: "slt",
    label: "flite cmu_us_slt (US female, clustergen), lower pitch, slower, fuller, a wide melody",
    // A wide intonation target: her pitch moves over about 5.5 semitones instead of 2.5 (read as flat), and an open
    // recogniser understood her better for it (21 % of words missed against 25 %).
    pitch: { mean: 172, spread: 50 },
    stretch: 1.1,
    tape: 0.96,
  },
};

/** The engine settings of a voice at a speaking speed (1 = the voice's own pace). */
export function engineSettings(voice: OfflineVoice, speed = 1): { setup: string[]; features: Record<string, number> } {
  const stretch = voice.stretch / clampSpeed(speed);
  if (voice.engine === "flite") {
    const features: Record<string, number> = { duration_stretch: round(stretch) };
    if (voice.pitch) {
      features.int_f0_target_mean = voice.pitch.mean;
      features.int_f0_target_stddev = voice.pitch.spread;
    }
    return { setup: [], features };
  }
  if (voice.voice.includes("_hts")) {
    // The HTS engine takes its own speed factor (> 1 faster) and reports the segment times it produced.
    return {
      setup: [`(set! hts_engine_params (cons (list "-r" ${round(1 / stretch)}) hts_engine_params))`],
      features: {},
    };
  }
  const setup = [`(Parameter.set 'Duration_Stretch ${round(stretch * 1.1)})`];
  if (voice.pitch) {
    setup.push(
      `(set! int_lr_params '((target_f0_mean ${voice.pitch.mean}) (target_f0_std ${voice.pitch.spread}) (model_f0_mean 170) (model_f0_std 34)))`,
    );
  }
  return { setup, features: {} };
}

/** Speeds outside 0.5-2 are clamped (and anything not a positive number means 1). */
export function clampSpeed(speed: number | undefined): number {
  if (speed === undefined || !Number.isFinite(speed) || speed <= 0) return 1;
  return Math.min(2, Math.max(0.5, speed));
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** espeak-ng's voice for every language of the catalogue but English, which the voices above read. */
export const ESPEAK_LANGUAGE_VOICES: Record<Exclude<LanguageId, "english">, string> = {
  spanish: "es",
  portuguese: "pt-br",
  french: "fr",
  german: "de",
  italian: "it",
  dutch: "nl",
  polish: "pl",
  turkish: "tr",
  russian: "ru",
  arabic: "ar",
  hebrew: "he",
  hindi: "hi",
  indonesian: "id",
  // Kana only: kanji are read into kana first (see kana.ts).
  japanese: "ja",
  korean: "ko",
  // espeak-ng 1.51's "cmn" reads its own pinyin back as English; this voice reads it as Mandarin.
  chinese: "cmn-latn-pinyin",
};

/**
 * How each catalogue voice sounds in espeak-ng: a variant of its gender and age (pitch bands: m8 65-102 Hz, m1 75-109,
 * m3 80-122, m6 82-117, f1 140-200, f4 142-200), its pace in words a minute (espeak-ng's own 175 is normal) and a
 * melody wider than espeak-ng's flat default (range 50) for a livelier read.
 */
export const ESPEAK_VOICES: Record<VoiceId, { variant: string; rate: number; pitch: number; range: number }> = {
  alloy: { variant: "m1", rate: 168, pitch: 48, range: 70 },
  echo: { variant: "m6", rate: 180, pitch: 56, range: 75 },
  onyx: { variant: "m8", rate: 158, pitch: 38, range: 60 },
  fable: { variant: "m3", rate: 176, pitch: 54, range: 80 },
  nova: { variant: "f4", rate: 176, pitch: 56, range: 82 },
  shimmer: { variant: "f1", rate: 162, pitch: 46, range: 72 },
};

/** The espeak-ng settings of a voice in a language other than English, at a speaking speed (1 = its own pace). */
export function espeakSettings(voice: VoiceId, language: Exclude<LanguageId, "english">, speed = 1): EspeakSettings {
  const { variant, rate, pitch, range } = ESPEAK_VOICES[voice];
  return {
    voice: `${ESPEAK_LANGUAGE_VOICES[language]}+${variant}`,
    rate: Math.round(rate * clampSpeed(speed)),
    pitch,
    range,
  };
}
