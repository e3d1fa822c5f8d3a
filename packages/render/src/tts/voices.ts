import type { VoiceId } from "@reelsmith/core";

/**
 * How each catalogue voice is made offline. Every voice is a different recorded speaker or engine, and the two
 * built on the same speaker (nova, shimmer: both CMU SLT) differ in engine, pitch, rate and vocal-tract size.
 *
 * - `pitch` sets the engine's own intonation target (mean F0, Hz), so no post-processing artefacts.
 * - `stretch` is the engine's own duration factor (> 1 slower), so its word timings stay exact.
 * - `tape` plays the finished audio at another speed (asetrate): pitch, formants and tempo all scale by it, which
 *   reads as a larger (< 1) or smaller (> 1) speaker; word times are divided by it.
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
    pitch: { mean: 112, spread: 18 },
    stretch: 1.0,
    tape: 1.03,
  },
  onyx: {
    id: "onyx",
    engine: "festival",
    voice: "voice_ked_diphone",
    label: "festival ked_diphone (US male), deep: low pitch, larger vocal tract",
    pitch: { mean: 94, spread: 12 },
    stretch: 1.0,
    tape: 0.92,
  },
  fable: {
    id: "fable",
    engine: "flite",
    voice: "awb",
    label: "flite cmu_us_awb (Scottish male, clustergen), raised pitch",
    pitch: { mean: 138, spread: 20 },
    stretch: 1.03,
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
    label: "flite cmu_us_slt (US female, clustergen), lower pitch, slower, fuller",
    pitch: { mean: 162, spread: 22 },
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
