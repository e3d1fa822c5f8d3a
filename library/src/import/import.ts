/**
 * Adds an operator's own footage or music to the library:
 *   npm run library:import -- --kind background --key my-parkour --title "My Parkour" [--licence ...] [--source ...] FILE
 * The file is checked with ffprobe, transcoded to the library format (video: 1080x1920 or meme size, 30 fps,
 * H.264; music: loudness-normalised AAC 48 kHz stereo), given a thumbnail, and recorded in
 * `<library dir>/imported/imports.json`, which every build merges into manifest.json (an import with the
 * kind and key of a generated asset replaces it). manifest.json is updated at once when it exists.
 */
import { mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { aacArgs, H264_PRESETS, h264Args } from "@reelsmith/media";
import { ASSET_KINDS, type AssetKind, assetId } from "../catalogue.ts";
import { libraryDir, MANIFEST_FILE } from "../index.ts";
import { FfmpegError, ffprobe, outsideFileInput, type Probe, run, runForBytes, runForLog } from "../kit/ffmpeg.ts";
import { writeAtomic } from "../kit/video.ts";
import { type AssetCredit, type LibraryAsset, mergeAssets, parseManifest } from "../manifest.ts";
import { drawCover } from "../music/cover.ts";
import { IMPORTED_DIR, readImports, writeImports } from "./imports-file.ts";

export class ImportError extends Error {
  override readonly name = "ImportError";
}

export interface ImportOptions {
  dir: string;
  kind: string;
  key: string;
  title: string;
  file: string;
  licence?: string;
  source?: string;
  /** Stock footage: the author and pages to credit. */
  credit?: AssetCredit;
  /** Recorded in meta next to the import's own fields. */
  meta?: Record<string, unknown>;
  /** Music only: shown on the cover and in meta. */
  mood?: string;
  genre?: string;
  bpm?: number;
}

/** Accepted source durations per kind, in seconds. */
export const IMPORT_LIMITS: Record<AssetKind, { min: number; max: number; needs: "video" | "audio" }> = {
  background: { min: 5, max: 1800, needs: "video" },
  "hook-footage": { min: 2, max: 600, needs: "video" },
  asmr: { min: 2, max: 600, needs: "video" },
  dreamscape: { min: 2, max: 600, needs: "video" },
  meme: { min: 1, max: 30, needs: "video" },
  music: { min: 5, max: 1200, needs: "audio" },
};

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

function probeDuration(probe: Probe): number {
  const values = [probe.format.duration, ...probe.streams.map((s) => s.duration)]
    .map((v) => Number(v))
    .filter((v) => Number.isFinite(v) && v > 0);
  return values.length ? Math.max(...values) : 0;
}

function formatSeconds(s: number): string {
  return `${Math.round(s * 10) / 10} s`;
}

async function validate(options: ImportOptions): Promise<{ kind: AssetKind; probe: Probe; duration: number }> {
  if (!(ASSET_KINDS as readonly string[]).includes(options.kind)) {
    throw new ImportError(`Unknown kind "${options.kind}". Use one of: ${ASSET_KINDS.join(", ")}.`);
  }
  const kind = options.kind as AssetKind;
  if (!KEY_PATTERN.test(options.key)) {
    throw new ImportError(`Key "${options.key}" must be lowercase words joined by hyphens, e.g. "my-parkour".`);
  }
  if (!options.title.trim()) throw new ImportError("A title is needed (--title).");
  try {
    const info = await stat(options.file);
    if (!info.isFile()) throw new ImportError(`${options.file} is not a file.`);
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`File not found: ${options.file}`);
  }
  let probe: Probe;
  try {
    probe = await ffprobe(options.file);
  } catch (error) {
    if (error instanceof FfmpegError) {
      throw new ImportError(`${path.basename(options.file)} is not a video or audio file ffmpeg can read.`);
    }
    throw error;
  }
  const limits = IMPORT_LIMITS[kind];
  const video = probe.streams.find((s) => s.codec_type === "video" && !/^(png|mjpeg|bmp|gif|webp)$/.test(s.codec_name));
  const audio = probe.streams.find((s) => s.codec_type === "audio");
  if (limits.needs === "video" && !video) {
    throw new ImportError(`A ${kind} needs a video; ${path.basename(options.file)} has no video stream.`);
  }
  if (limits.needs === "audio" && !audio) {
    throw new ImportError(`Music needs audio; ${path.basename(options.file)} has no audio stream.`);
  }
  const duration = probeDuration(probe);
  if (duration < limits.min || duration > limits.max) {
    throw new ImportError(
      `A ${kind} must last between ${formatSeconds(limits.min)} and ${formatSeconds(limits.max)}; ` +
        `${path.basename(options.file)} lasts ${formatSeconds(duration)}.`,
    );
  }
  return { kind, probe, duration };
}

/** Kinds whose clips keep their sound when imported. */
const SOUNDING_KINDS: ReadonlySet<AssetKind> = new Set(["meme", "asmr", "dreamscape"]);

function videoFilter(kind: AssetKind): string {
  if (kind === "meme") {
    // Keep the aspect ratio, at most 1080 px on the long side, even dimensions.
    return "scale='min(1080,iw)':'min(1080,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2,fps=30,format=yuv420p";
  }
  return "scale=1080:1920:force_original_aspect_ratio=increase,crop=1080:1920,setsar=1,fps=30,format=yuv420p";
}

async function transcodeVideo(kind: AssetKind, input: string, out: string, hasAudio: boolean): Promise<void> {
  const args = ["-hide_banner", "-loglevel", "error", "-y", ...(await outsideFileInput(input)), "-map", "0:v:0"];
  // Memes and faceless style clips play their own sound; gameplay backgrounds sit under a voice.
  const keepAudio = SOUNDING_KINDS.has(kind) && hasAudio;
  if (keepAudio) args.push("-map", "0:a:0");
  args.push("-vf", videoFilter(kind), ...h264Args(H264_PRESETS.final));
  // A faceless clip's sound is its whole soundtrack: brought to the library's -14 LUFS like the drawn ones.
  if (keepAudio && kind !== "meme") args.push("-af", "loudnorm=I=-14:TP=-1.5:LRA=11");
  if (keepAudio) args.push(...aacArgs("128k"));
  else args.push("-an");
  args.push("-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", out);
  await run("ffmpeg", args);
}

/** Two-pass loudnorm to -14 LUFS / -1 dBTP, AAC 48 kHz stereo. */
async function transcodeMusic(input: string, out: string): Promise<void> {
  const source = await outsideFileInput(input);
  const analysis = await runForLog(
    ["-hide_banner", "-nostats", ...source, "-vn", "-af", "loudnorm=I=-14:TP=-1:LRA=11:print_format=json"].concat([
      "-f",
      "null",
      "-",
    ]),
    { profile: "decode" },
  );
  const json = analysis.slice(analysis.lastIndexOf("{"), analysis.lastIndexOf("}") + 1);
  const m = JSON.parse(json) as Record<string, string>;
  const filter =
    `loudnorm=I=-14:TP=-1:LRA=11:measured_I=${m.input_i}:measured_TP=${m.input_tp}:measured_LRA=${m.input_lra}` +
    `:measured_thresh=${m.input_thresh}:offset=${m.target_offset}:linear=true`;
  await run("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    ...source,
    "-vn",
    "-af",
    filter,
    "-ar",
    "48000",
    "-ac",
    "2",
    "-c:a",
    "aac",
    "-b:a",
    "160k",
    "-map_metadata",
    "-1",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    out,
  ]);
}

async function videoThumbnail(file: string, duration: number, out: string): Promise<void> {
  await run("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-ss",
    String(Math.max(0, duration / 3)),
    "-i",
    file,
    "-frames:v",
    "1",
    "-vf",
    "scale=360:-2",
    "-q:v",
    "4",
    "-f",
    "image2",
    "-c:v",
    "mjpeg",
    out,
  ]);
}

async function musicCover(file: string, title: string, subtitle: string, out: string): Promise<void> {
  const raw = await runForBytes(["-v", "error", "-i", file, "-ac", "1", "-ar", "4000", "-f", "f32le", "-"], {
    profile: "decode",
  });
  const samples = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.byteLength / 4));
  await writeAtomic(out, drawCover({ title, subtitle, seed: title, hueSeed: subtitle }, samples, samples));
}

/** Imports one file; returns the asset as recorded in the manifest. */
export async function importAsset(options: ImportOptions): Promise<LibraryAsset> {
  const { kind, probe, duration } = await validate(options);
  const dir = path.resolve(options.dir);
  const sub = path.join(IMPORTED_DIR, kind);
  await mkdir(path.join(dir, sub), { recursive: true });
  const ext = kind === "music" ? "m4a" : "mp4";
  const file = `${IMPORTED_DIR}/${kind}/${options.key}.${ext}`;
  const thumbnail = `${IMPORTED_DIR}/${kind}/${options.key}.jpg`;
  const target = path.join(dir, file);
  const tmp = path.join(dir, sub, `.${options.key}.${process.pid}.tmp.${ext}`);
  try {
    if (kind === "music") await transcodeMusic(options.file, tmp);
    else
      await transcodeVideo(
        kind,
        options.file,
        tmp,
        probe.streams.some((s) => s.codec_type === "audio"),
      );
  } catch (error) {
    await rm(tmp, { force: true });
    if (error instanceof FfmpegError) {
      throw new ImportError(`Could not transcode ${path.basename(options.file)}: ${error.message}`);
    }
    throw error;
  }
  const out = await ffprobe(tmp);
  const outDuration = probeDuration(out);
  const v = out.streams.find((s) => s.codec_type === "video");
  try {
    if (kind === "music") {
      const subtitle = [options.genre ?? "imported", options.bpm ? `${options.bpm} BPM` : "", options.mood ?? ""]
        .filter(Boolean)
        .join(" · ");
      await musicCover(tmp, options.title, subtitle, path.join(dir, thumbnail));
    } else {
      await videoThumbnail(tmp, outDuration || duration, path.join(dir, thumbnail));
    }
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  await rename(tmp, target);
  const sizeBytes = (await stat(target)).size;
  const meta: Record<string, unknown> = {
    imported: true,
    originalName: path.basename(options.file),
    ...options.meta,
  };
  if (kind === "music")
    Object.assign(meta, { mood: options.mood ?? "", genre: options.genre ?? "imported", bpm: options.bpm ?? null });
  if (kind === "background") {
    const s = Math.round(outDuration);
    meta.durationLabel = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    meta.sizeMB = Math.round(sizeBytes / 100_000) / 10;
  }
  const asset: LibraryAsset = {
    id: assetId(kind, options.key),
    kind,
    key: options.key,
    title: options.title.trim(),
    file,
    thumbnail,
    durationS: Math.round(outDuration * 1000) / 1000,
    sizeBytes,
    ...(v?.width && v.height ? { width: v.width, height: v.height } : {}),
    licence: options.licence?.trim() || "provided by the operator",
    source: options.source?.trim() || `imported from ${path.basename(options.file)}`,
    ...(options.credit ? { credit: options.credit } : {}),
    meta,
  };
  const imports = await readImports(dir);
  imports.assets = [...imports.assets.filter((a) => a.id !== asset.id), asset];
  await writeImports(dir, imports);
  // Keep manifest.json in step when the library is built; otherwise the next build merges the import.
  try {
    const manifest = parseManifest(JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")));
    // In place: a replaced asset keeps its position; a new one comes last.
    manifest.assets = mergeAssets(manifest.assets, imports.assets);
    await writeAtomic(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return asset;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      kind: { type: "string" },
      key: { type: "string" },
      title: { type: "string" },
      licence: { type: "string" },
      source: { type: "string" },
      mood: { type: "string" },
      genre: { type: "string" },
      bpm: { type: "string" },
      out: { type: "string" },
    },
  });
  const file = positionals[0];
  if (!values.kind || !values.key || !values.title || !file || positionals.length > 1) {
    throw new ImportError(
      `Usage: npm run library:import -- --kind ${ASSET_KINDS.join("|")} --key <key> --title "<title>" ` +
        `[--licence "..."] [--source "..."] [--mood ..] [--genre ..] [--bpm N] <file>`,
    );
  }
  const asset = await importAsset({
    dir: values.out ? path.resolve(values.out) : libraryDir(),
    kind: values.kind,
    key: values.key,
    title: values.title,
    file: path.resolve(file),
    licence: values.licence,
    source: values.source,
    mood: values.mood,
    genre: values.genre,
    bpm: values.bpm ? Number(values.bpm) : undefined,
  });
  console.log(
    `[library] imported ${asset.id} "${asset.title}" (${asset.durationS.toFixed(1)} s, ${(asset.sizeBytes / 1e6).toFixed(1)} MB) as ${asset.file}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`[library] import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
