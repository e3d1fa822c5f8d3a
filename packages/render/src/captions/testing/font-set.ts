import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

/**
 * A fontconfig configuration of a test's own that names only the font files it was given, so that
 * what "the machine's fonts" can draw is what the test says, not what the machine happens to have
 * installed (Debian's Noto fonts cover scripts few machines had). `use` points `FONTCONFIG_FILE`
 * at it (for fc-list and for the ffmpeg children that inherit the environment) until `restore`.
 */
export interface FontSet {
  configFile: string;
  use(): void;
  restore(): void;
  remove(): Promise<void>;
}

export async function makeFontSet(files: readonly string[]): Promise<FontSet> {
  const root = await mkdtemp(join(tmpdir(), "reelsmith-font-set-"));
  const fonts = join(root, "fonts");
  await mkdir(fonts);
  for (const file of files) await copyFile(file, join(fonts, basename(file)));
  const configFile = join(root, "fonts.conf");
  await writeFile(
    configFile,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n  <dir>${fonts}</dir>\n  <cachedir>${join(root, "cache")}</cachedir>\n</fontconfig>\n`,
  );
  let previous: string | undefined;
  let active = false;
  const restore = () => {
    if (!active) return;
    if (previous === undefined) delete process.env.FONTCONFIG_FILE;
    else process.env.FONTCONFIG_FILE = previous;
    active = false;
  };
  return {
    configFile,
    use() {
      if (active) return;
      previous = process.env.FONTCONFIG_FILE;
      process.env.FONTCONFIG_FILE = configFile;
      active = true;
    },
    restore,
    async remove() {
      restore();
      await rm(root, { recursive: true, force: true });
    },
  };
}
