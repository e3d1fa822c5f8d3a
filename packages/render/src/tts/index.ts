export { VOICE_LOUDNESS, VOICE_SAMPLE_RATE } from "./audio.ts";
export { benchmarkSynthesis, type SynthesisBenchmark, sampleScript } from "./bench.ts";
export {
  DEFAULT_ELEVENLABS_MODEL,
  ELEVENLABS_BASE_URL,
  ELEVENLABS_DEFAULT_VOICES,
  type ElevenLabsTtsOptions,
  ElevenLabsTtsProvider,
} from "./elevenlabs.ts";
export { TtsError, type TtsErrorCode } from "./errors.ts";
export {
  createTtsProvider,
  DEFAULT_STT_MODEL,
  DEFAULT_TTS_MODEL,
  localTtsProvider,
  OPENAI_BASE_URL,
  parseVoiceMap,
  type TtsProviderKind,
  ttsProviderKind,
} from "./factory.ts";
export {
  type AlignSegment,
  alignSegments,
  alignToScript,
  type ForcedAlignment,
  type ForcedAlignOptions,
  forcedAlignmentAvailable,
  POCKETSPHINX_MODEL_DIR,
} from "./forced-align.ts";
export {
  fetchKokoroModel,
  findKokoroModel,
  KOKORO_DTYPES,
  KOKORO_MODEL_ID,
  KOKORO_VOICE_MAP,
  type KokoroDtype,
  type KokoroFetchResult,
  type KokoroSettings,
  KokoroTtsProvider,
  kokoroModelFiles,
  kokoroSettings,
} from "./kokoro.ts";
export { type OfflineTtsOptions, OfflineTtsProvider } from "./offline.ts";
export { type OpenAiEndpoint, type OpenAiTtsOptions, OpenAiTtsProvider } from "./openai.ts";
export { type PreviewFormat, previewText, renderVoicePreviews, type VoicePreview } from "./previews.ts";
export { type SpeechToken, speechTokens } from "./text.ts";
export type { Speech, SpeechRequest, TtsProvider, WordTiming } from "./types.ts";
export { OFFLINE_VOICES, type OfflineVoice } from "./voices.ts";
