import type { LanguageId, VoiceId } from "@reelsmith/core";

/** One spoken word and when it is heard, in seconds from the start of the audio. */
export interface WordTiming {
  text: string;
  start: number;
  end: number;
}

export interface SpeechRequest {
  text: string;
  voice: VoiceId;
  /** Directory the provider may write its audio and scratch files into (owned by the caller). */
  workDir: string;
  signal?: AbortSignal;
  /** The language of the text (a catalogue id; default english): what is spoken and how words are split. */
  language?: LanguageId;
  /** Speaking pace relative to the voice's own (1 = normal, 1.2 = 20 % faster); providers clamp it to 0.5-2. */
  speed?: number;
}

export interface Speech {
  /** Absolute path of the synthesised audio (WAV or another format ffmpeg reads), loudness normalised. */
  audioPath: string;
  /** Length of the audio in seconds. */
  duration: number;
  /** Every word of the text in order, with its timing in the audio. */
  words: WordTiming[];
  /** How the word timings were obtained: from the engine itself, a transcription, or phrase-level alignment. */
  timing: "engine" | "transcription" | "aligned";
  /** Notes about the text, e.g. characters that could not be spoken and were left out. */
  warnings?: string[];
}

/** A text-to-speech engine that returns audio plus word timings. */
export interface TtsProvider {
  readonly name: string;
  synthesize(request: SpeechRequest): Promise<Speech>;
  /**
   * Identifies what a voice sounds like with this provider (engine settings, model, provider voice), so derived
   * files such as preview clips can be cached and rebuilt when it changes.
   */
  voiceKey?(voice: VoiceId): string;
}
