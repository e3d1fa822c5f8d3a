/**
 * Renders one preview clip per voice with the configured TTS provider (see createTtsProvider).
 *
 *   npm run voice-previews -- <dir> [--format mp3|m4a] [--voices alloy,nova]
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { VOICE_IDS, type VoiceId } from "@reelsmith/core";
import { createTtsProvider, renderVoicePreviews, TtsError } from "../src/index.ts";

function fail(message: string): never {
  console.error(`voice-previews: ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { format: { type: "string", default: "mp3" }, voices: { type: "string" } },
});
const [target] = positionals;
if (!target || positionals.length > 1)
  fail("usage: npm run voice-previews -- <dir> [--format mp3|m4a] [--voices alloy,nova]");
const format = values.format;
if (format !== "mp3" && format !== "m4a") fail(`--format must be mp3 or m4a (got "${format}")`);
const voices = values.voices?.split(",").map((v) => v.trim());
for (const voice of voices ?? []) {
  if (!(VOICE_IDS as readonly string[]).includes(voice)) fail(`unknown voice "${voice}" (${VOICE_IDS.join(", ")})`);
}

try {
  const provider = createTtsProvider(process.env);
  // npm runs scripts from the repository root; a relative folder means one relative to where npm was started.
  const dir = resolve(process.env.INIT_CWD ?? process.cwd(), target);
  console.log(`Voice previews with the ${provider.name} provider into ${dir}`);
  await renderVoicePreviews({
    dir,
    provider,
    format,
    voices: voices as VoiceId[] | undefined,
    onProgress: (p) =>
      console.log(
        `  ${p.voice.padEnd(8)} ${p.name.padEnd(7)} ${p.file}  ${p.duration.toFixed(2)} s${p.cached ? "  (cached)" : ""}`,
      ),
  });
} catch (error) {
  fail(
    error instanceof TtsError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
}
