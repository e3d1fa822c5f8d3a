import { describe, expect, it } from "vitest";
import { createTtsProvider, parseVoiceMap, ttsProviderKind } from "./factory.ts";
import { OfflineTtsProvider } from "./offline.ts";
import { OpenAiTtsProvider } from "./openai.ts";

describe("createTtsProvider", () => {
  it("uses the offline voices when no provider is configured", () => {
    expect(createTtsProvider({})).toBeInstanceOf(OfflineTtsProvider);
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

  it("names the provider it builds, for the capabilities the screens read", () => {
    const cases = [
      {},
      { TTS_API_KEY: "sk-x" },
      { TTS_BASE_URL: "http://127.0.0.1:8880/v1" },
      { TTS_PROVIDER: "offline", TTS_BASE_URL: "http://127.0.0.1:8880/v1" },
      { TTS_PROVIDER: "openai", TTS_API_KEY: "sk-x" },
    ];
    for (const env of cases) {
      const built = createTtsProvider(env) instanceof OfflineTtsProvider ? "offline" : "openai-compatible";
      expect(ttsProviderKind(env), JSON.stringify(env)).toBe(built);
    }
  });

  it("rejects bad settings with messages naming the variable", () => {
    expect(() => createTtsProvider({ TTS_PROVIDER: "cloud" })).toThrow(/TTS_PROVIDER must be auto, offline or openai/);
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
