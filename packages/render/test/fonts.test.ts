import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { CAPTION_STYLES } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileCaptions } from "../src/captions/ass.ts";
import { fontFile, prepareFontsDir, styleFace } from "../src/captions/fonts.ts";
import { canvasMeasure } from "../src/captions/measure.ts";

const exec = promisify(execFile);
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reelsmith-fonts-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("caption fonts", () => {
  it.each(CAPTION_STYLES.map((s) => [s.id, s] as const))(
    "libass draws %s with the style's own font file",
    async (id, style) => {
      const face = styleFace(style);
      const { stdout: postscript } = await exec("fc-scan", ["--format", "%{postscriptname}", fontFile(face)]);
      const { ass } = compileCaptions({
        style,
        words: [{ text: "Quick", start: 0, end: 0.5 }],
        measure: canvasMeasure,
      });
      const file = join(root, `${id}.ass`);
      await writeFile(file, ass);
      const fonts = await prepareFontsDir(join(root, `fonts-${id}`), [face]);
      const { stderr } = await exec("ffmpeg", [
        "-hide_banner",
        "-v",
        "verbose",
        "-f",
        "lavfi",
        "-i",
        "color=c=black:s=540x960:d=0.2",
        "-vf",
        `ass=filename=${file}:fontsdir=${fonts}`,
        "-frames:v",
        "1",
        "-f",
        "null",
        "-",
      ]);
      const selected = stderr
        .split("\n")
        .filter((l) => l.includes("fontselect:"))
        .map((l) => l.slice(l.indexOf("fontselect:")));
      expect(selected.length).toBeGreaterThan(0);
      for (const line of selected) expect(line).toContain(`-> ${postscript.trim()},`);
    },
  );
});
