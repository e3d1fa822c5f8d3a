/** The build hash: library sources, the core catalogue, the versions of packages that shape the media, ffmpeg, mode. */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ffmpegVersion } from "../kit/ffmpeg.ts";

const require = createRequire(import.meta.url);
export const SRC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MEDIA_PACKAGES = [
  "@napi-rs/canvas",
  "@iconify-json/noto",
  "@expo-google-fonts/anton",
  "@expo-google-fonts/luckiest-guy",
];

async function listSources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Imports, stock footage and recorded clips do not shape the generated media.
    if (entry.isDirectory()) {
      if (!["import", "stock", "recorded"].includes(entry.name)) out.push(...(await listSources(full)));
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".spec.ts") && !entry.name.endsWith(".test.ts")) {
      out.push(full);
    }
  }
  return out.sort();
}

function packageVersion(name: string): string {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    return "missing";
  }
}

export async function buildHash(mode: string): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`mode=${mode}\n`);
  for (const file of await listSources(SRC_DIR)) {
    hash.update(`${path.relative(SRC_DIR, file)}\n`);
    hash.update(await readFile(file));
  }
  const core = path.dirname(require.resolve("@reelsmith/core"));
  hash.update(await readFile(path.join(core, "catalogue", "media.ts")));
  for (const name of MEDIA_PACKAGES) hash.update(`${name}@${packageVersion(name)}\n`);
  hash.update(await ffmpegVersion());
  return hash.digest("hex").slice(0, 32);
}
