import { describe, expect, it } from "vitest";
import { ELEVENLABS_DEFAULT_VOICES, ElevenLabsTtsProvider } from "./elevenlabs.ts";
import { createTtsProvider, parseVoiceMap, ttsProviderKind } from "./factory.ts";
import { KOKORO_VOICE_MAP } from "./kokoro.ts";
import { OfflineTtsProvider } from "./offline.ts";
import { OpenAiTtsProvider } from "./openai.ts";

/** A cache folder that holds no Kokoro model, so "nothing configured" does not depend on this machine's cache. */
const NO_MODEL = { TTS_CACHE_DIR: "/nonexistent/reelsmith-cache" };

describe("createTtsProvider", () => {
  it("uses the offline voices when no provider is configured and no Kokoro model is on disk", () => {
    expect(createTtsProvider(NO_MODEL)).toBeInstanceOf(OfflineTtsProvider);
    expect(createTtsProvider({ TTS_PROVIDER: "offline", TTS_API_KEY: "sk-x" })).toBeInstanceOf(OfflineTtsProvider);
  });

  it("uses the OpenAI-compatible provider for a base URL, or a key with OpenAI's own base URL", () => {
    const local = createTtsProvider({ TTS_BASE_URL: "http://127.0.0.1:8880/v1" });
    expect(local).toBeInstanceOf(OpenAiTtsProvider);
    expect(local.voiceKey?.("nova")).toBe("openai:http://127.0.0.1:8880/v1/audio/speech:gpt-4o-mini-tts:nova");
    const openai = createTtsProvider({ TTS_API_KEY: "sk-x", TTS_MODEL: "tts-1", TTS_VOICE_MAP: '{"nova":"coral"}' });
    expect(openai.voiceKey?.("nova")).toBe("openai:https://api.openai.com/v1/audio/speech:tts-1:coral");
    expect(openai.voiceKey?.("alloy")).toBe("openai:https://api.openai.com/v1/audio/speech:tts-1:alloy");
  });

  it("gives Kokoro's voices to the ids TTS_VOICE_MAP leaves out when the model is kokoro", () => {
    const kokoro = createTtsProvider({
      TTS_BASE_URL: "http://127.0.0.1:8880/v1",
      TTS_MODEL: "kokoro",
      TTS_VOICE_MAP: '{"alloy":"am_adam"}',
    });
    expect(kokoro.voiceKey?.("alloy")).toBe("openai:http://127.0.0.1:8880/v1/audio/speech:kokoro:am_adam");
    expect(kokoro.voiceKey?.("nova")).toBe(
      `openai:http://127.0.0.1:8880/v1/audio/speech:kokoro:${KOKORO_VOICE_MAP.nova}`,
    );
    // Another model keeps the catalogue ids it is not given a name for.
    const other = createTtsProvider({ TTS_BASE_URL: "http://127.0.0.1:8880", TTS_MODEL: "tts-1" });
    expect(other.voiceKey?.("nova")).toBe("openai:http://127.0.0.1:8880/v1/audio/speech:tts-1:nova");
  });

  it("uses ElevenLabs when asked, or for its key alone, with the default premade voices unless mapped", () => {
    const eleven = createTtsProvider({ TTS_PROVIDER: "elevenlabs", ELEVENLABS_API_KEY: "xi-x" });
    expect(eleven).toBeInstanceOf(ElevenLabsTtsProvider);
    expect(eleven.name).toBe("elevenlabs");
    expect(eleven.voiceKey?.("onyx")).toBe(
      `elevenlabs:https://api.elevenlabs.io/v1/text-to-speech/${ELEVENLABS_DEFAULT_VOICES.onyx.id}/with-timestamps?output_format=mp3_44100_128:eleven_multilingual_v2`,
    );
    const mapped = createTtsProvider({
      ELEVENLABS_API_KEY: "xi-x",
      ELEVENLABS_BASE_URL: "http://127.0.0.1:9000/v1",
      ELEVENLABS_MODEL: "eleven_flash_v2_5",
      ELEVENLABS_VOICE_MAP: '{"onyx":"myClone"}',
    });
    expect(mapped).toBeInstanceOf(ElevenLabsTtsProvider);
    expect(mapped.voiceKey?.("onyx")).toBe(
      "elevenlabs:http://127.0.0.1:9000/v1/text-to-speech/myClone/with-timestamps?output_format=mp3_44100_128:eleven_flash_v2_5",
    );
    // An OpenAI-compatible server configured as well wins under auto; offline always wins when asked for.
    expect(createTtsProvider({ ELEVENLABS_API_KEY: "xi-x", TTS_BASE_URL: "http://x" })).toBeInstanceOf(
      OpenAiTtsProvider,
    );
    expect(createTtsProvider({ ELEVENLABS_API_KEY: "xi-x", TTS_PROVIDER: "offline" })).toBeInstanceOf(
      OfflineTtsProvider,
    );
  });

  it("names the provider it builds, for the capabilities the screens read", () => {
    const cases = [
      NO_MODEL,
      { TTS_API_KEY: "sk-x" },
      { TTS_BASE_URL: "http://127.0.0.1:8880/v1" },
      { TTS_PROVIDER: "offline", TTS_BASE_URL: "http://127.0.0.1:8880/v1" },
      { TTS_PROVIDER: "openai", TTS_API_KEY: "sk-x" },
      { TTS_PROVIDER: "elevenlabs", ELEVENLABS_API_KEY: "xi-x" },
      { ELEVENLABS_API_KEY: "xi-x" },
      { ELEVENLABS_API_KEY: "xi-x", TTS_API_KEY: "sk-x" },
      { ELEVENLABS_API_KEY: "xi-x", TTS_PROVIDER: "offline" },
    ];
    for (const env of cases) {
      const provider = createTtsProvider(env);
      const built =
        provider instanceof OfflineTtsProvider
          ? "offline"
          : provider instanceof ElevenLabsTtsProvider
            ? "elevenlabs"
            : "openai-compatible";
      expect(ttsProviderKind(env), JSON.stringify(env)).toBe(built);
    }
    expect(ttsProviderKind({ ELEVENLABS_API_KEY: "xi-x" })).toBe("elevenlabs");
  });

  it("rejects bad settings with messages naming the variable", () => {
    expect(() => createTtsProvider({ TTS_PROVIDER: "cloud" })).toThrow(
      /TTS_PROVIDER must be auto, offline, kokoro, openai or elevenlabs/,
    );
    expect(() => createTtsProvider({ TTS_PROVIDER: "elevenlabs" })).toThrow(/needs ELEVENLABS_API_KEY/);
    expect(() => createTtsProvider({ ELEVENLABS_API_KEY: "xi-x", ELEVENLABS_BASE_URL: "ftp://x" })).toThrow(
      /ELEVENLABS_BASE_URL must be an http\(s\) URL/,
    );
    expect(() => createTtsProvider({ ELEVENLABS_API_KEY: "xi-x", ELEVENLABS_VOICE_MAP: '{"blake":"x"}' })).toThrow(
      /ELEVENLABS_VOICE_MAP must be a JSON object.*"blake" is not a voice id/,
    );
    expect(() => createTtsProvider({ TTS_PROVIDER: "openai" })).toThrow(/needs TTS_BASE_URL or TTS_API_KEY/);
    expect(() => createTtsProvider({ TTS_BASE_URL: "localhost:8880" })).toThrow(/TTS_BASE_URL/);
    expect(() => createTtsProvider({ TTS_BASE_URL: "http://x", TTS_RESPONSE_FORMAT: "ogg" })).toThrow(
      /TTS_RESPONSE_FORMAT/,
    );
    expect(() => createTtsProvider({ TTS_BASE_URL: "http://x", TTS_TIMEOUT_MS: "soon" })).toThrow(/TTS_TIMEOUT_MS/);
  });
});

describe("parseVoiceMap", () => {
  it("reads a JSON object of catalogue voice ids to provider voices", () => {
    expect(parseVoiceMap(undefined)).toBeUndefined();
    expect(parseVoiceMap(' {"alloy": " am_adam ", "nova": "af_bella"} ')).toEqual({
      alloy: "am_adam",
      nova: "af_bella",
    });
  });

  it("explains what is wrong", () => {
    expect(() => parseVoiceMap("{alloy: x}")).toThrow(/not valid JSON/);
    expect(() => parseVoiceMap('["alloy"]')).toThrow(/JSON object/);
    expect(() => parseVoiceMap('{"blake": "x"}')).toThrow(/"blake" is not a voice id/);
    expect(() => parseVoiceMap('{"alloy": ""}')).toThrow(/non-empty string/);
  });
});
