import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { PREVIEW, VIDEO_TYPES, type VideoType, videoInputSchemas } from "@reelsmith/core";
import { loadLibrary } from "@reelsmith/library";
import { RenderError } from "../src/errors.ts";
import { resolveAssets } from "../src/pipeline/assets.ts";
import { producePreview, produceVideo } from "../src/pipeline/produce.ts";
import { followPreview } from "../src/preview.ts";
import { renderComposition } from "../src/render.ts";
import { createTtsProvider } from "../src/tts/factory.ts";
import { ensureExampleMedia } from "./example-media.ts";

const USAGE = `Render a video from the command line.

  npm run render -- <composition.json> <out.mp4> [--draft]
  npm run render -- --recipe <type> <input.json> <out.mp4> [--draft]
  npm run render -- --recipe <type> <input.json> <out-folder> --preview

<type> is one of: ${VIDEO_TYPES.join(", ")}.
A recipe input file holds {"input": {...the type's form fields...}, "files": {"<upload id>": "path"}};
paths are relative to the input file. Library keys (backgrounds, music, memes, style clips) are
looked up in the media library (npm run library:build). Examples: packages/render/examples/<type>.json.
A thumbnail is written next to the video (<out>.jpg). With --preview the free preview is made instead: the
first ${PREVIEW.seconds} s at ${PREVIEW.width}x${PREVIEW.height} as an HLS playlist (index.m3u8) in <out-folder>, with the time
until its first piece could play.`;

interface Args {
  recipe: VideoType | null;
  source: string;
  output: string;
  draft: boolean;
  preview: boolean;
}

function parseArgs(argv: string[]): Args {
  const rest: string[] = [];
  let recipe: string | null = null;
  let draft = false;
  let preview = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--recipe") recipe = argv[++i] ?? "";
    else if (a === "--draft") draft = true;
    else if (a === "--preview") preview = true;
    else if (a === "-h" || a === "--help") {
      console.log(USAGE);
      process.exit(0);
    } else rest.push(a);
  }
  if (rest.length !== 2) throw new UsageError("Give an input file and an output file.");
  if (recipe !== null && !VIDEO_TYPES.includes(recipe as VideoType)) {
    throw new UsageError(`Unknown recipe "${recipe}".`);
  }
  // npm runs scripts from the repository root; paths count from where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  return {
    recipe: recipe as VideoType | null,
    source: resolve(cwd, rest[0] as string),
    output: resolve(cwd, rest[1] as string),
    draft,
    preview,
  };
}

class UsageError extends Error {}

/** Ctrl-C stops the render cleanly (ffmpeg is stopped, scratch files removed). */
const controller = new AbortController();

function progressLine() {
  let stage = "";
  let percent = 0;
  const draw = () => {
    if (process.stdout.isTTY) process.stdout.write(`\r${stage.padEnd(22)} ${String(percent).padStart(3)} %`);
  };
  return {
    stage: (s: string) => {
      if (stage && process.stdout.isTTY) process.stdout.write("\n");
      stage = s;
      if (!process.stdout.isTTY) console.log(s);
      draw();
    },
    progress: (p: number) => {
      percent = p;
      draw();
    },
    end: () => process.stdout.isTTY && process.stdout.write("\n"),
  };
}

async function renderRecipe(args: Args & { recipe: VideoType }) {
  const raw = JSON.parse(await readFile(args.source, "utf8")) as { input?: unknown; files?: Record<string, string> };
  const parsed = videoInputSchemas[args.recipe].safeParse(raw.input ?? {});
  if (!parsed.success) {
    throw new UsageError(
      `The input does not fit a ${args.recipe} video:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  const base = dirname(args.source);
  const files = Object.fromEntries(Object.entries(raw.files ?? {}).map(([id, p]) => [id, resolve(base, p)]));
  // The examples' uploads are made by code on first use.
  const missing = Object.values(files).filter((p) => !existsSync(p));
  if (missing.length && missing.every((p) => basename(dirname(p)) === "media"))
    await ensureExampleMedia(dirname(missing[0] as string));
  const library = await loadLibrary();
  const assets = resolveAssets(args.recipe, parsed.data as never, library, files);
  const workDir = await mkdtemp(join(tmpdir(), "reelsmith-cli-"));
  const line = progressLine();
  const started = performance.now();
  // What the video and its preview are both made from.
  const request = {
    type: args.recipe,
    input: parsed.data as never,
    assets: assets as never,
    tts: createTtsProvider(process.env, { onWarning: (m) => console.warn(`warning: ${m}`) }),
    workDir,
    signal: controller.signal,
    onStage: line.stage,
    onProgress: line.progress,
    onWarning: (m: string) => console.warn(`\nwarning: ${m}`),
  };
  try {
    if (args.preview) {
      let firstPiece: number | null = null;
      const follow = followPreview(args.output, async (update) => {
        if (firstPiece === null && update.pieces.some((p) => p.endsWith(".m4s"))) firstPiece = performance.now();
      });
      const result = await producePreview({ ...request, previewDir: args.output }).finally(() => follow.stop());
      line.end();
      const at = (t: number | null) => (t === null ? "-" : `${((t - started) / 1000).toFixed(1)} s`);
      console.log(
        `${result.playlist}: ${result.durationS.toFixed(1)} s preview; first piece playable at ${at(firstPiece)}, whole at ${result.timings.total.toFixed(1)} s (voice-over and probes ${result.timings.prepare.toFixed(1)} s)`,
      );
      return;
    }
    const result = await produceVideo({ ...request, outputDir: workDir, draft: args.draft });
    line.end();
    await copyFile(result.videoPath, args.output);
    const thumb = `${args.output.replace(/\.[^./]+$/, "")}.jpg`;
    await copyFile(result.thumbnailPath, thumb);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${args.output}: ${result.durationS.toFixed(1)} s video in ${seconds.toFixed(1)} s (voice-over and probes ${result.timings.prepare.toFixed(1)} s, render ${result.timings.render.toFixed(1)} s); thumbnail ${thumb}`,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function renderFile(args: Args) {
  const composition = JSON.parse(await readFile(args.source, "utf8")) as unknown;
  const line = progressLine();
  line.stage("Rendering");
  const thumb = `${args.output.replace(/\.[^./]+$/, "")}.jpg`;
  const started = performance.now();
  const result = await renderComposition(composition, {
    output: args.output,
    thumbnail: thumb,
    draft: args.draft,
    signal: controller.signal,
    onProgress: line.progress,
    onWarning: (m) => console.warn(`\nwarning: ${m}`),
  });
  line.end();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${args.output}: ${result.durationS.toFixed(1)} s video in ${seconds.toFixed(1)} s`);
}

async function main() {
  process.once("SIGINT", () => controller.abort());
  try {
    const args = parseArgs(process.argv.slice(2));
    if (args.recipe) await renderRecipe(args as Args & { recipe: VideoType });
    else await renderFile(args);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof RenderError || (error instanceof Error && /Library/.test(error.name))) {
      console.error(`\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

await main();
