/**
 * Setup's one fetch of the natural voice (Kokoro-82M, about 92 MB): from the model hub, or the mirror in
 * KOKORO_HUB_URL, into the TTS cache, unless a copy is there already, the operator named one (KOKORO_MODEL_DIR), a
 * speech service is configured, or TTS_PROVIDER=offline. It never fails setup: without the model the offline voices
 * speak, and the line printed says why.
 */
import { fetchKokoroModel, kokoroSettings, ttsProviderKind } from "../src/index.ts";

const say = (message: string) => console.error(`[voice] ${message}`);
const choice = (process.env.TTS_PROVIDER || "auto").toLowerCase();
const kind = ttsProviderKind(process.env);
if (choice === "offline") {
  say("TTS_PROVIDER=offline: the offline voices speak");
} else if (kind === "openai-compatible" || kind === "elevenlabs") {
  say(`a speech service is configured (${kind}); no model to fetch`);
} else {
  try {
    const settings = kokoroSettings(process.env);
    const started = performance.now();
    const result = await fetchKokoroModel(settings, { onProgress: say });
    if (result.status === "ready") {
      say(
        result.fetched
          ? `Kokoro-82M (${settings.dtype}) fetched into ${result.dir} in ${((performance.now() - started) / 1000).toFixed(0)} s`
          : `Kokoro-82M (${settings.dtype}) is ready in ${result.dir}`,
      );
    } else {
      say(
        `the natural voice is not available (${result.reason}); the offline voices speak. ` +
          "Set KOKORO_HUB_URL to a mirror of the model hub or KOKORO_MODEL_DIR to a copy of the model to use it.",
      );
    }
  } catch (error) {
    say(`${error instanceof Error ? error.message : String(error)}; the offline voices speak`);
  }
}
