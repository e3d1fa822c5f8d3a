import { aacArgs, encoderArgs, fileInputArgs, type VideoEncoder } from "@reelsmith/media";
import { InvalidCompositionError } from "../errors.ts";
import { escapeFilterPath, even, ffColor, keyframeExpr, num, quote } from "./expr.ts";
import type { AudioLayer, Box, ChromaKey, Composition, Layer, Motion, Sheen } from "./schema.ts";

/**
 * The compiler: a prepared Composition -> the arguments of ONE ffmpeg process with ONE filtergraph.
 * Pure (no I/O), so it is tested by its exact output. "Prepared" means the drawn layers (text, Reddit
 * card, gradient, rounded images) were already rasterised to PNG image layers and the captions written
 * to an ASS file (see prepare.ts).
 */

export const ENCODE = {
  videoCodec: "libx264",
  preset: "veryfast",
  crf: 21,
  profile: "high",
  /** Longest distance between keyframes (frames): 2 s at 30 fps, so players seek quickly. */
  gop: 60,
  /** Shortest distance between keyframes; scene cuts may place one anywhere past it. */
  keyintMin: 15,
  /**
   * Keyframes are forced on every multiple of this many seconds as well (a scene cut restarts the GOP, which would
   * move every later keyframe), so the segments of a split render, cut on these times, join into the keyframe
   * spacing of one whole encode (see split.ts).
   */
  keyframeEveryS: 2,
  pixFmt: "yuv420p",
  audioCodec: "aac",
  audioBitrate: "160k",
  sampleRate: 48000,
} as const;

/** The draft size: same layout, two thirds of the pixels per side. */
export const DRAFT_SIZE = { width: 720, height: 1280 } as const;

export interface CompileOptions {
  output: string;
  /** Captions (and any subtitle text) as an ASS file plus the folder holding its fonts. */
  subtitles?: { path: string; fontsDir: string } | null;
  /**
   * Gain (dB) that brings the measured mix to the loudness target (see buildLoudnessArgs). Without it
   * the graph normalises in one pass with loudnorm, which is slower and less exact.
   */
  gainDb?: number | null;
  /** Write a JPEG still of `composition.thumbnailAt` here, from the same process. */
  thumbnail?: string | null;
  /** 720x1280 instead of 1080x1920. */
  draft?: boolean;
  /**
   * Any other output size of the same aspect (the free preview's 540x960): every box, blur and motion is scaled
   * by width, as the draft is. Wins over `draft`.
   */
  size?: { width: number; height: number };
  preset?: string;
  crf?: number;
  /** Longest distance between keyframes in frames (default ENCODE.gop). */
  gop?: number;
  /**
   * Encode only the first this many seconds of the composition (the free preview): the composition itself is
   * unchanged, so every layer, fade and duck in that stretch is the one the whole video has.
   */
  limitS?: number;
  /**
   * Write an HLS event playlist of fragmented-MP4 segments of about this many seconds (`output` is the playlist)
   * instead of one MP4: each segment can be played while the next is encoded.
   */
  hls?: { segmentS: number };
  /** Report progress on stdout (`-progress pipe:1`). */
  progress?: boolean;
  /** The H.264 encoder (default libx264; `videoEncoder()` of the media layer picks the machine's). */
  encoder?: VideoEncoder;
  /**
   * Threads each filter of the graph may slice its work over (`-filter_complex_threads`; ffmpeg's default is one per
   * core, for every scaling filter of every layer). See {@link filterThreadsFor}.
   */
  filterThreads?: number;
  /**
   * Encode only the picture of this stretch (seconds; on multiples of ENCODE.keyframeEveryS), as one segment of a
   * split render: the whole graph runs as for the full video, so every layer, fade and caption keeps its own time,
   * and the stretch is cut out at the end of the picture's chain. No sound (the mix is made once for the whole
   * video, buildMixedAudioArgs) and no thumbnail.
   */
  window?: { start: number; end: number };
}

/**
 * Threads one layer's video decoder gets. ffmpeg's default (one per core, plus one) is multiplied by every clip of a
 * composition; each thread reserves address space and holds frames. The encoder keeps the whole machine.
 */
export const DECODE_THREADS = 2;

/**
 * Filter threads for a machine with `cores` cores: at most 4. ffmpeg gives every scaling filter its own pool of one
 * thread per core, so a faceless video's 18 scalers on 16 cores would start about 270 threads (500 in all, 7.7 GB of
 * address space, over the encode limit); with 4 it is about 120 threads and 3.7 GB, with the same output.
 */
export function filterThreadsFor(cores: number): number {
  return Math.max(1, Math.min(4, Math.floor(cores)));
}

export interface CompiledRender {
  args: string[];
  filterGraph: string;
  width: number;
  height: number;
}

interface Input {
  args: string[];
}

class Graph {
  readonly inputs: Input[] = [];
  readonly chains: string[] = [];
  private next = 0;

  /**
   * The index of a new input reading `src` with `options`, for its `stream` alone: the file's other streams are
   * dropped as they are read (`-an` / `-vn`). A file whose picture and sound both feed the graph is two inputs.
   * One input feeding both would tie their reading together: a clip whose picture is shown from 20 s in but whose
   * sound the mix needs from the start would be read for its sound from the start, and every picture decoded on the
   * way would wait in memory until the overlay wants it (3.4 GB resident for a 30 s faceless video of nine shots
   * of one 1080x1920 recording). Nor may one stream feed two chains: the second would lose frames and end where the
   * first ends.
   */
  input(src: string, options: string[], stream: "v" | "a"): number {
    // Plain files only, opened by one of the demuxers the product reads (never a playlist that names others).
    const only = stream === "v" ? ["-threads", String(DECODE_THREADS), "-an", "-sn", "-dn"] : ["-vn", "-sn", "-dn"];
    this.inputs.push({ args: [...options, ...only, ...fileInputArgs(src)] });
    return this.inputs.length - 1;
  }

  label(prefix: string): string {
    return `${prefix}${this.next++}`;
  }

  chain(from: string[], filters: string[], to: string): string {
    const body = filters.length ? filters.join(",") : "null";
    this.chains.push(`${from.map((f) => `[${f}]`).join("")}${body}[${to}]`);
    return to;
  }
}

interface Frame {
  width: number;
  height: number;
  scale: number;
  duration: number;
}

function layerEnd(layer: Layer, c: Composition): number {
  return Math.min(layer.end ?? c.duration, c.duration);
}

function scaledBox(box: Box | undefined, f: Frame): Box {
  if (!box) return { x: 0, y: 0, width: f.width, height: f.height };
  return {
    x: Math.round(box.x * f.scale),
    y: Math.round(box.y * f.scale),
    width: even(box.width * f.scale),
    height: even(box.height * f.scale),
  };
}

function isFullFrame(box: Box, f: Frame): boolean {
  return box.x === 0 && box.y === 0 && box.width === f.width && box.height === f.height;
}

/** The frame (at 30 fps) a time falls on: layer windows, pictures' stamps and the thumbnail count alike. */
const frameAt = (t: number) => Math.round(t * 30);

function windowExpr(start: number, end: number, f: Frame): string | null {
  if (start <= 0 && end >= f.duration) return null;
  // The frames from the one at `start` to the one before `end`, bounded half a frame off: times written to the
  // millisecond (a cut at 15.767 for frame 473's 15.7667) left a cut's first frame outside both shots' windows.
  const [first, last] = [frameAt(start), frameAt(end)];
  return quote(`between(t,${num((first - 0.5) / 30)},${num((last - 0.5) / 30)})`);
}

/** Scale + crop (cover) or scale inside (contain) to the box, in the BT.709 matrix. */
function fitFilters(fit: "cover" | "contain", box: Box, padToBox: boolean): string[] {
  if (fit === "cover") {
    return [
      `scale=${box.width}:${box.height}:force_original_aspect_ratio=increase:out_color_matrix=bt709`,
      `crop=${box.width}:${box.height}`,
      "setsar=1",
    ];
  }
  const filters = [
    `scale=${box.width}:${box.height}:force_original_aspect_ratio=decrease:force_divisible_by=2:out_color_matrix=bt709`,
    "setsar=1",
  ];
  if (padToBox) {
    filters.push("format=yuva420p", `pad=${box.width}:${box.height}:(ow-iw)/2:(oh-ih)/2:color=black@0`);
  }
  return filters;
}

function motionExprs(motion: Motion, start: number, f: Frame) {
  const { keyframes, easing } = motion;
  return {
    s: keyframeExpr(keyframes, (k) => k.scale, easing, start),
    x: keyframeExpr(keyframes, (k) => k.x * f.scale, easing, start),
    y: keyframeExpr(keyframes, (k) => k.y * f.scale, easing, start),
  };
}

/** Zoom and pan inside the box: scale up per frame, crop the box back out. */
function cameraFilters(motion: Motion, start: number, box: Box, f: Frame): string[] {
  const m = motionExprs(motion, start, f);
  return [
    `scale=w=${quote(`2*trunc(${box.width}*(${m.s})/2)`)}:h=${quote(`2*trunc(${box.height}*(${m.s})/2)`)}:eval=frame:flags=bilinear`,
    `crop=${box.width}:${box.height}:x=${quote(`clip((iw-ow)/2+(${m.x}),0,iw-ow)`)}:y=${quote(`clip((ih-oh)/2+(${m.y}),0,ih-oh)`)}`,
  ];
}

function fadeFilters(start: number, end: number, fadeIn: number, fadeOut: number): string[] {
  const filters: string[] = [];
  if (fadeIn > 0) filters.push(`fade=t=in:st=${num(start)}:d=${num(fadeIn)}:alpha=1`);
  if (fadeOut > 0) filters.push(`fade=t=out:st=${num(Math.max(start, end - fadeOut))}:d=${num(fadeOut)}:alpha=1`);
  return filters;
}

interface Placed {
  label: string;
  x: string;
  y: string;
  /** The stream ends before the video: keep its last frame (still images) or let the base show. */
  eof: "repeat" | "pass";
  start: number;
  end: number;
}

function videoLayer(
  g: Graph,
  layer: Extract<Layer, { kind: "video" }>,
  c: Composition,
  f: Frame,
  asBase: boolean,
): Placed {
  const start = layer.start;
  const end = layerEnd(layer, c);
  const span = end - start;
  const readFor = span * layer.speed;
  const options = layer.loop
    ? ["-stream_loop", "-1", "-t", num(readFor + layer.trimStart)]
    : [...(layer.trimStart > 0 ? ["-ss", num(layer.trimStart)] : []), "-t", num(readFor)];
  const index = g.input(layer.src, options, "v");
  const box = scaledBox(layer.box, f);
  const objectMotion = layer.motion?.mode === "object" ? layer.motion : undefined;
  const cameraMotion = layer.motion?.mode === "camera" ? layer.motion : undefined;
  const filters: string[] = [];
  if (layer.loop && layer.trimStart > 0) filters.push(`trim=start=${num(layer.trimStart)}`);
  const speed = layer.speed === 1 ? "" : `/${num(layer.speed)}`;
  filters.push(`setpts=(PTS-STARTPTS)${speed}${start > 0 ? `+${num(start)}/TB` : ""}`, "fps=30");
  if (layer.mirror) filters.push("hflip");
  if (layer.chromaKey) {
    const k = layer.chromaKey;
    filters.push(
      "format=yuva420p",
      `chromakey=${chromaKeyColor(k)}:similarity=${num(k.similarity)}:blend=${num(k.blend)}`,
    );
    if (k.despill) {
      // A green screen's chroma has U and V both under grey's 128; a blue one's U is over it.
      const green = k.chroma
        ? k.chroma.u <= 128
        : Number.parseInt(k.color.slice(3, 5), 16) >= Number.parseInt(k.color.slice(5, 7), 16);
      filters.push("format=rgba", `despill=type=${green ? "green" : "blue"}:mix=0.6:expand=0.1:alpha=0`);
    }
  }
  filters.push(...fitFilters(layer.fit, box, Boolean(objectMotion)));
  if (cameraMotion) filters.push(...cameraFilters(cameraMotion, start, box, f));
  if (asBase) {
    if (!layer.loop) filters.push(`tpad=stop_mode=clone:stop_duration=${num(f.duration)}`);
    filters.push(`trim=end=${num(f.duration)}`, "format=yuv420p");
    return { label: g.chain([`${index}:v`], filters, g.label("base")), x: "0", y: "0", eof: "pass", start, end };
  }
  return place(g, filters, `${index}:v`, layer, box, objectMotion, start, end, f, "pass");
}

function place(
  g: Graph,
  filters: string[],
  from: string,
  layer: { fadeIn: number; fadeOut: number; fit?: "cover" | "contain" },
  box: Box,
  objectMotion: Motion | undefined,
  start: number,
  end: number,
  f: Frame,
  eof: "repeat" | "pass",
): Placed {
  let x = String(box.x);
  let y = String(box.y);
  if (objectMotion) {
    const m = motionExprs(objectMotion, start, f);
    filters.push(
      `scale=w=${quote(`2*trunc(${box.width}*(${m.s})/2)`)}:h=${quote(`2*trunc(${box.height}*(${m.s})/2)`)}:eval=frame:flags=bilinear`,
    );
    x = quote(`${box.x}+(${box.width}-${box.width}*(${m.s}))/2+(${m.x})`);
    y = quote(`${box.y}+(${box.height}-${box.height}*(${m.s}))/2+(${m.y})`);
  } else if (layer.fit === "contain") {
    x = quote(`${box.x}+(${box.width}-w)/2`);
    y = quote(`${box.y}+(${box.height}-h)/2`);
  }
  const fades = fadeFilters(start, end, layer.fadeIn, layer.fadeOut);
  if (fades.length && !filters.some((fl) => fl.startsWith("format=yuva420p") || fl.startsWith("format=rgba"))) {
    filters.push("format=yuva420p");
  }
  filters.push(...fades);
  return { label: g.chain([from], filters, g.label("l")), x, y, eof, start, end };
}

function imageLayer(
  g: Graph,
  layer: Extract<Layer, { kind: "image" }>,
  c: Composition,
  f: Frame,
  asBase: boolean,
): Placed {
  if (layer.cornerRadius > 0 || layer.shadow) {
    throw new InvalidCompositionError([
      `image ${layer.src}: rounded corners and shadows are drawn by prepareComposition before compiling`,
    ]);
  }
  const start = layer.start;
  const end = layerEnd(layer, c);
  const index = g.input(layer.src, [], "v");
  const box = scaledBox(layer.box, f);
  const objectMotion = layer.motion?.mode === "object" ? layer.motion : undefined;
  const cameraMotion = layer.motion?.mode === "camera" ? layer.motion : undefined;
  let filters = fitFilters(layer.fit, box, Boolean(objectMotion));
  if (layer.blur > 0) filters.push(`gblur=sigma=${num(layer.blur * f.scale)}`);
  const animated = Boolean(layer.motion) || Boolean(layer.sheen) || layer.fadeIn > 0 || layer.fadeOut > 0 || asBase;
  const frames = Math.max(1, frameAt(end) - frameAt(start));
  // Stamped in frames of 1/30 s: in a picture's own time base (1/25) the stamps were rounded down, two frames shared
  // one and a shot's last frame fell short of its cut, so whatever lay under it showed for a frame at each cut.
  const pts = `settb=1/30,setpts=N${start > 0 ? `+${frameAt(start)}` : ""}`;
  if (animated) filters.push(`loop=loop=${frames - 1}:size=1:start=0`, pts);
  let from = `${index}:v`;
  if (layer.sheen) {
    from = sheenFilters(g, from, filters, layer.sheen, box, start, frames, pts);
    filters = [];
  }
  if (cameraMotion) filters.push(...cameraFilters(cameraMotion, start, box, f));
  if (asBase) {
    filters.push("format=yuv420p");
    return { label: g.chain([from], filters, g.label("base")), x: "0", y: "0", eof: "pass", start, end };
  }
  if (!animated) filters.push("format=yuva420p");
  return place(g, filters, from, layer, box, objectMotion, start, end, f, animated ? "pass" : "repeat");
}

/**
 * The light sweep: the picture (after `filters`) is split, a soft diagonal band drawn once and repeated
 * is laid over one copy while it crosses, and the picture's own alpha is put back, so the light falls
 * on its opaque pixels only. Returns the label of the lit picture.
 */
function sheenFilters(
  g: Graph,
  from: string,
  filters: string[],
  sheen: Sheen,
  box: Box,
  start: number,
  frames: number,
  pts: string,
): string {
  const [picture, alpha, band, lit, merged] = ["sp", "sa", "sb", "sl", "sm"].map((p) => g.label(p)) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const split = g.label("ss");
  g.chain([from], [...filters, "format=yuva420p", "split=2"], `${picture}][${split}`);
  g.chain([split], ["alphaextract"], alpha);
  const tilt = Math.tan((sheen.angle * Math.PI) / 180);
  const core = Math.max(2, box.width * sheen.width);
  const width = even(core * 1.6 + box.height * Math.abs(tilt));
  const sigma = core / 4;
  const [r, gr, b] = [1, 3, 5].map((i) => Number.parseInt(sheen.color.slice(i, i + 2), 16));
  const line = `(X-${num(width / 2)}-(${num(box.height / 2)}-Y)*${num(tilt)})/${num(sigma)}`;
  g.chains.push(
    `color=c=black:s=${width}x${box.height}:r=30,trim=end_frame=1,format=rgba,` +
      `geq=r=${r}:g=${gr}:b=${b}:a=${quote(`${num(255 * sheen.strength)}*exp(-(${line})*(${line}))`)},` +
      `loop=loop=${frames - 1}:size=1:start=0,${pts}[${band}]`,
  );
  const t0 = start + sheen.start;
  const t1 = t0 + sheen.duration;
  g.chain(
    [picture, band],
    [
      `overlay=x=${quote(`-w+(W+w)*clip((t-${num(t0)})/${num(sheen.duration)},0,1)`)}:y=0:eof_action=pass:enable=${quote(`between(t,${num(t0)},${num(t1)})`)}`,
    ],
    lit,
  );
  return g.chain([lit, alpha], ["alphamerge"], merged);
}

function colorLayer(
  g: Graph,
  layer: Extract<Layer, { kind: "color" }>,
  c: Composition,
  f: Frame,
  asBase: boolean,
): Placed {
  const start = layer.start;
  const end = layerEnd(layer, c);
  const box = scaledBox(layer.box, f);
  const source = `color=c=${ffColor(layer.color)}:s=${box.width}x${box.height}:r=30:d=${num(end - start)}`;
  const filters = [source];
  if (asBase) {
    filters.push("format=yuv420p");
    const label = g.label("base");
    g.chains.push(`${filters.join(",")}[${label}]`);
    return { label, x: "0", y: "0", eof: "pass", start, end };
  }
  if (start > 0) filters.push(`setpts=PTS+${num(start)}/TB`);
  filters.push("format=yuva420p", ...fadeFilters(start, end, layer.fadeIn, layer.fadeOut));
  const label = g.label("l");
  g.chains.push(`${filters.join(",")}[${label}]`);
  return { label, x: String(box.x), y: String(box.y), eof: "pass", start, end };
}

function canBeBase(layer: Layer | undefined, c: Composition, f: Frame): boolean {
  if (!layer) return false;
  if (layer.kind !== "video" && layer.kind !== "image" && layer.kind !== "color") return false;
  const box = scaledBox(layer.box, f);
  if (!isFullFrame(box, f) || layer.start > 0 || layerEnd(layer, c) < c.duration) return false;
  if (layer.fadeIn > 0 || layer.fadeOut > 0) return false;
  if (layer.kind === "color") return layer.color.length === 7 || layer.color.toUpperCase().endsWith("FF");
  if (layer.fit !== "cover" || layer.motion?.mode === "object") return false;
  if (layer.kind === "video" && layer.chromaKey) return false;
  return true;
}

function buildVideo(g: Graph, c: Composition, f: Frame, options: CompileOptions): string {
  const [first, ...rest] = c.layers;
  let base: string;
  let layers: Layer[];
  if (first && canBeBase(first, c, f)) {
    base = addLayer(g, first, c, f, true).label;
    layers = rest;
  } else {
    base = g.label("base");
    g.chains.push(`color=c=${ffColor(c.background)}:s=${f.width}x${f.height}:r=30:d=${num(f.duration)}[${base}]`);
    layers = c.layers;
  }
  for (const layer of layers) {
    const placed = addLayer(g, layer, c, f, false);
    const enable = windowExpr(placed.start, placed.end, f);
    const overlay = [
      `overlay=x=${placed.x}:y=${placed.y}:eof_action=${placed.eof}${enable ? `:enable=${enable}` : ""}`,
    ];
    base = g.chain([base, placed.label], overlay, g.label("v"));
  }
  const tail: string[] = [];
  if (options.subtitles) {
    tail.push(
      `ass=filename=${escapeFilterPath(options.subtitles.path)}:fontsdir=${escapeFilterPath(options.subtitles.fontsDir)}`,
    );
  }
  // Square pixels, whatever a layer's scaling left behind (players stretch a picture whose SAR is not 1:1).
  tail.push("setsar=1", "format=yuv420p");
  if (options.window) {
    const { start, end } = options.window;
    tail.push(`trim=start=${num(start)}:end=${num(end)}`, "setpts=PTS-STARTPTS");
  }
  if (!options.window && options.thumbnail && c.thumbnailAt !== undefined) {
    const frame = frameAt(c.thumbnailAt);
    g.chain([base], [...tail, "split=2"], "vout][vthumb_in");
    g.chain(
      ["vthumb_in"],
      [
        `trim=start_frame=${frame}:end_frame=${frame + 1}`,
        "scale=out_range=full:out_color_matrix=bt709",
        "format=yuvj420p",
      ],
      "vthumb",
    );
  } else {
    g.chain([base], tail, "vout");
  }
  return "vout";
}

function addLayer(g: Graph, layer: Layer, c: Composition, f: Frame, asBase: boolean): Placed {
  switch (layer.kind) {
    case "video":
      return videoLayer(g, layer, c, f, asBase);
    case "image":
      return imageLayer(g, layer, c, f, asBase);
    case "color":
      return colorLayer(g, layer, c, f, asBase);
    default:
      throw new InvalidCompositionError([
        `a ${layer.kind} layer must be drawn by prepareComposition before the composition is compiled`,
      ]);
  }
}

function audioLayerDuration(a: AudioLayer, c: Composition): number | undefined {
  const untilEnd = Math.max(0, c.duration - a.start);
  if (a.duration !== undefined) return Math.min(a.duration, untilEnd);
  return a.loop ? untilEnd : undefined;
}

/**
 * How music and ambience duck under a voice. The composition knows when speech happens (its voice
 * layers, and the captions' word timings where it has them), so the bed follows a gain envelope
 * drawn from those times instead of a compressor keyed by the voice: it sits a fixed amount lower
 * while anyone speaks, whatever the voice's level, does not swell in the pauses between sentences,
 * and plays on when the voice ends.
 */
export const DUCKING = {
  /** Pauses in speech shorter than this keep the bed down. */
  holdGapS: 1,
  /** The bed is down this long before speech starts... */
  attackS: 0.15,
  /** ...and back up this long after it ends. */
  releaseS: 0.15,
  /** The envelope's gain changes in steps of this many samples (about 5 ms at 48 kHz). */
  stepSamples: 256,
} as const;

export interface Interval {
  start: number;
  end: number;
}

/**
 * When someone speaks, on the video's timeline: each voice layer's span, narrowed to its captioned
 * words when the captions cover it, with pauses shorter than DUCKING.holdGapS closed. A voice layer
 * of unknown length (no `duration`, no words) counts as speaking to the end of the video.
 */
export function speechIntervals(c: Composition): Interval[] {
  const words = c.captions?.words ?? [];
  const spans: Interval[] = [];
  for (const a of c.audio) {
    if (a.role !== "voice" || a.start >= c.duration) continue;
    const end = a.start + (audioLayerDuration(a, c) ?? c.duration - a.start);
    const inside = words.filter((w) => w.end > a.start && w.start < end && w.end > w.start);
    if (inside.length === 0) spans.push({ start: a.start, end });
    for (const w of inside) spans.push({ start: Math.max(a.start, w.start), end: Math.min(end, w.end) });
  }
  spans.sort((x, y) => x.start - y.start);
  const merged: Interval[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start - last.end < DUCKING.holdGapS) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * The bed's gain (linear) as an expression of `t`: 0 dB away from speech, `amountDb` lower during
 * it, with straight ramps (in dB) of DUCKING.attackS before and DUCKING.releaseS after each stretch.
 */
export function duckGainExpr(intervals: readonly Interval[], amountDb: number): string {
  const { attackS, releaseS } = DUCKING;
  const depth = intervals
    .map(
      (i) =>
        `clip(min((t-${num(i.start - attackS)})/${num(attackS)},(${num(i.end + releaseS)}-t)/${num(releaseS)}),0,1)`,
    )
    .join("+");
  return `pow(10,-${num(amountDb / 20)}*(${depth}))`;
}

/** Bed fades follow an equal-power curve, so two beds crossfading (shots of a clip) keep their level. */
function fadeCurve(a: AudioLayer): string {
  return a.role === "voice" ? "" : ":curve=qsin";
}

/**
 * The mix before loudness: voice on top, music and ambience ducked under it, padded to the length.
 * A looping sound is decoded once and repeated sample for sample (aloop), so no encoder priming or
 * padding is heard at its seam.
 */
function buildMix(g: Graph, c: Composition, stem?: Stem): string {
  const voices: string[] = [];
  const beds: string[] = [];
  for (const a of c.audio) {
    const duration = audioLayerDuration(a, c);
    const options = [
      ...(a.trimStart > 0 && !a.loop ? ["-ss", num(a.trimStart)] : []),
      ...(duration !== undefined ? ["-t", num(duration)] : []),
    ];
    const index = g.input(a.src, options, "a");
    const filters = [
      "asetpts=PTS-STARTPTS",
      `aresample=${ENCODE.sampleRate}`,
      "aformat=sample_fmts=fltp:channel_layouts=stereo",
    ];
    if (a.loop && duration !== undefined) {
      // aloop keeps what the source holds when it ends before `size` samples and repeats that.
      filters.push(
        `aloop=loop=-1:size=${Math.max(1, Math.ceil(duration * ENCODE.sampleRate))}`,
        `atrim=duration=${num(duration)}`,
      );
    }
    if (a.volume !== 0) filters.push(`volume=${num(a.volume)}dB`);
    const curve = fadeCurve(a);
    if (a.fadeIn > 0) filters.push(`afade=t=in:st=0:d=${num(a.fadeIn)}${curve}`);
    const fadeSpan = duration ?? c.duration - a.start;
    if (a.fadeOut > 0) {
      filters.push(`afade=t=out:st=${num(Math.max(0, fadeSpan - a.fadeOut))}:d=${num(a.fadeOut)}${curve}`);
    }
    if (a.start > 0) filters.push(`adelay=delays=${Math.round(a.start * 1000)}:all=1`);
    const label = g.chain([`${index}:a`], filters, g.label("a"));
    (a.role === "voice" ? voices : beds).push(label);
  }
  const bus = (labels: string[], name: string): string | null => {
    if (labels.length === 0) return null;
    if (labels.length === 1) return labels[0] ?? null;
    return g.chain(labels, [`amix=inputs=${labels.length}:duration=longest:normalize=0`], g.label(name));
  };
  const voice = bus(voices, "voice");
  let bed = bus(beds, "bed");
  const speech = voice && bed && c.ducking.enabled && c.ducking.amountDb > 0 ? speechIntervals(c) : [];
  if (bed && speech.length > 0) {
    bed = g.chain(
      [bed],
      [
        `asetnsamples=n=${DUCKING.stepSamples}:p=0`,
        `volume=volume=${quote(duckGainExpr(speech, c.ducking.amountDb))}:eval=frame`,
      ],
      g.label("duck"),
    );
  }
  let mix: string;
  if (stem) {
    // One bus alone, exactly as it goes into the mix (the bed with its ducking).
    const [only, other] = stem === "voice" ? [voice, bed] : [bed, voice];
    mix = only ?? g.label("silence");
    if (!only) g.chains.push(`anullsrc=r=${ENCODE.sampleRate}:cl=stereo[${mix}]`);
    // Every output of a filtergraph must lead somewhere: the other bus goes to a sink.
    if (other) g.chains.push(`[${other}]anullsink`);
  } else if (voice && bed) {
    mix = g.chain([voice, bed], ["amix=inputs=2:duration=longest:normalize=0"], g.label("mix"));
  } else if (voice || bed) {
    mix = (voice ?? bed) as string;
  } else {
    mix = g.label("silence");
    g.chains.push(`anullsrc=r=${ENCODE.sampleRate}:cl=stereo[${mix}]`);
  }
  return g.chain([mix], [`apad=whole_dur=${num(c.duration)}`, `atrim=duration=${num(c.duration)}`], g.label("mixed"));
}

function frameFor(c: Composition, options: Pick<CompileOptions, "draft" | "size">): Frame {
  const size = options.size ?? (options.draft ? DRAFT_SIZE : null);
  return size
    ? { width: even(size.width), height: even(size.height), scale: size.width / c.width, duration: c.duration }
    : { width: c.width, height: c.height, scale: 1, duration: c.duration };
}

/** Headroom under the true-peak ceiling the limiter keeps for the encoder (dB). */
export const TRUE_PEAK_MARGIN_DB = 0.5;

/**
 * An audio-only pass over a finished file whose encoded sound peaks above the ceiling (sharp
 * transients can come out of the AAC encoder up to a few dB above what went in): the picture is
 * copied, the sound is limited again, 4x oversampled, at `limitDb` (dBTP), and encoded again.
 */
export function buildTruePeakFixArgs(input: string, output: string, limitDb: number): string[] {
  return [
    "-hide_banner",
    "-nostdin",
    "-y",
    "-loglevel",
    "warning",
    "-i",
    input,
    "-map",
    "0:v:0",
    "-map",
    "0:a:0",
    "-c:v",
    "copy",
    "-af",
    [
      `aresample=${ENCODE.sampleRate * 4}`,
      `alimiter=limit=${num(10 ** (limitDb / 20))}:attack=1:release=50:level=false`,
      `aresample=${ENCODE.sampleRate}`,
      `aformat=sample_fmts=fltp:sample_rates=${ENCODE.sampleRate}:channel_layouts=stereo`,
    ].join(","),
    "-c:a",
    ENCODE.audioCodec,
    "-b:a",
    ENCODE.audioBitrate,
    "-movflags",
    "+faststart",
    output,
  ];
}

/**
 * The loudness stage after the mix, ending in the encoder's sample format: the measured gain and a true-peak
 * limiter, or one-pass loudnorm where no gain was measured. Nothing but the format for a video without sound.
 */
function loudnessFilters(c: Composition, gainDb: number | null | undefined): string[] {
  const format = `aformat=sample_fmts=fltp:sample_rates=${ENCODE.sampleRate}:channel_layouts=stereo`;
  if (c.audio.length === 0) return [format];
  if (gainDb === undefined || gainDb === null) {
    return [
      `loudnorm=I=${num(c.loudness.targetLufs)}:TP=${num(c.loudness.truePeakDb)}:LRA=11`,
      `aresample=${ENCODE.sampleRate}`,
      // loudnorm hands out frames of any size; the AAC encoder takes 1024 samples at a time.
      "asetnsamples=n=1024:p=0",
      format,
    ];
  }
  // The limiter runs 4x oversampled, so it sees the peaks between samples (true peak), with half a
  // decibel kept back for the AAC encoder, whose filtering lifts some peaks a little.
  const limit = 10 ** ((c.loudness.truePeakDb - TRUE_PEAK_MARGIN_DB) / 20);
  return [
    `volume=${num(gainDb)}dB`,
    `aresample=${ENCODE.sampleRate * 4}`,
    `alimiter=limit=${num(limit)}:attack=5:release=50:level=false`,
    `aresample=${ENCODE.sampleRate}`,
    format,
  ];
}

/** A segment's stretch must hold frames and start on a forced keyframe, or its join would break the GOP. */
function checkWindow(window: { start: number; end: number }, c: Composition): void {
  const { start, end } = window;
  const onKeyframe = Math.abs(start / ENCODE.keyframeEveryS - Math.round(start / ENCODE.keyframeEveryS)) < 1e-9;
  if (!(start >= 0 && end > start && start < c.duration && onKeyframe)) {
    throw new RangeError(
      `a segment runs from a multiple of ${ENCODE.keyframeEveryS} s to a later time inside the video (got ${start}-${end} s of ${c.duration} s)`,
    );
  }
}

/** The full render: video graph + audio mix + loudness, encoded as H.264 High / AAC in MP4. */
export function buildRenderArgs(c: Composition, options: CompileOptions): CompiledRender {
  const g = new Graph();
  const f = frameFor(c, options);
  const { window } = options;
  if (window) checkWindow(window, c);
  const video = buildVideo(g, c, f, options);
  if (!window) g.chain([buildMix(g, c)], loudnessFilters(c, options.gainDb), "aout");
  const encoder = encoderArgs(options.encoder ?? "libx264", {
    preset: options.preset ?? ENCODE.preset,
    crf: options.crf ?? ENCODE.crf,
    profile: ENCODE.profile,
    gop: options.gop ?? ENCODE.gop,
    keyintMin: Math.min(ENCODE.keyintMin, options.gop ?? ENCODE.gop),
    keyframeEveryS: ENCODE.keyframeEveryS,
  });
  // A hardware encoder that takes its frames in video memory gets them uploaded at the end of the picture's chain.
  const picture = encoder.filters.length > 0 ? g.chain([video], encoder.filters, "venc") : video;
  const filterGraph = g.chains.join(";");
  const args = [
    "-hide_banner",
    "-nostdin",
    "-y",
    "-loglevel",
    "warning",
    ...(options.progress === false ? [] : ["-progress", "pipe:1", "-nostats"]),
    ...encoder.global,
    ...g.inputs.flatMap((i) => i.args),
    ...(options.filterThreads ? ["-filter_complex_threads", String(options.filterThreads)] : []),
    "-filter_complex",
    filterGraph,
    "-map",
    `[${picture}]`,
    ...(window ? [] : ["-map", "[aout]"]),
    ...encoder.output,
    "-r",
    "30",
    ...(window ? [] : aacArgs(ENCODE.audioBitrate)),
    "-t",
    num(
      window
        ? Math.min(window.end, c.duration) - window.start
        : options.limitS === undefined
          ? c.duration
          : Math.min(options.limitS, c.duration),
    ),
    ...(options.hls
      ? hlsOutputArgs(options.output, options.hls.segmentS)
      : ["-movflags", "+faststart", options.output]),
  ];
  if (!window && options.thumbnail && c.thumbnailAt !== undefined) {
    args.push("-map", "[vthumb]", "-frames:v", "1", "-q:v", "3", "-update", "1", options.thumbnail);
  }
  return { args, filterGraph, width: f.width, height: f.height };
}

/**
 * An HLS event playlist beside its segments: fragmented MP4 (one init segment, then `.m4s` pieces cut at keyframes),
 * the playlist rewritten after each piece is whole and closed with ENDLIST at the end. A player may start with the
 * first piece while the rest are still being encoded.
 */
export function hlsOutputArgs(playlist: string, segmentS: number): string[] {
  const dir = playlist.slice(0, playlist.lastIndexOf("/") + 1);
  return [
    "-f",
    "hls",
    "-hls_time",
    num(segmentS),
    "-hls_playlist_type",
    "event",
    "-hls_segment_type",
    "fmp4",
    "-hls_fmp4_init_filename",
    "init.mp4",
    "-hls_flags",
    "independent_segments+temp_file",
    "-hls_segment_filename",
    `${dir}seg%03d.m4s`,
    playlist,
  ];
}

/** The arguments of an audio-only pass over a graph: its inputs and chains, one output label, then `output`. */
function audioPassArgs(g: Graph, label: string, output: string[]): string[] {
  return [
    "-hide_banner",
    "-nostdin",
    "-nostats",
    ...g.inputs.flatMap((i) => i.args),
    "-filter_complex",
    g.chains.join(";"),
    "-map",
    `[${label}]`,
    ...output,
  ];
}

/**
 * The sound of a split render, made once for the whole video: the mix and its loudness stage exactly as the full
 * render has them (buildRenderArgs), encoded to AAC in an M4A that the segments' join copies in.
 */
export function buildMixedAudioArgs(c: Composition, options: { output: string; gainDb?: number | null }): string[] {
  const g = new Graph();
  g.chain([buildMix(g, c)], loudnessFilters(c, options.gainDb), "aout");
  return audioPassArgs(g, "aout", [
    "-y",
    "-loglevel",
    "warning",
    ...aacArgs(ENCODE.audioBitrate),
    "-t",
    num(c.duration),
    "-movflags",
    "+faststart",
    options.output,
  ]);
}

/** A quick audio-only pass that measures the mix's loudness (EBU R128) before the real render. */
export function buildLoudnessArgs(c: Composition): string[] {
  const g = new Graph();
  const mixed = buildMix(g, c);
  g.chain([mixed], ["ebur128=framelog=verbose"], "measured");
  return audioPassArgs(g, "measured", ["-f", "null", "-"]);
}

/** One bus of the mix: the voices, or the music and ambience under them. */
export type Stem = "voice" | "bed";

/**
 * An audio-only pass that writes one bus of the mix as it is mixed (before loudness, which moves
 * both buses alike) to a 48 kHz mono float file, so the voice and the music under it can be
 * measured apart.
 */
export function buildStemArgs(c: Composition, stem: Stem, output: string): string[] {
  const g = new Graph();
  const only = buildMix(g, c, stem);
  g.chain([only], ["aformat=sample_fmts=flt:channel_layouts=mono"], "stem");
  return audioPassArgs(g, "stem", ["-y", "-f", "f32le", output]);
}

/** The gain that brings a measured mix to the target, bounded so silence is not blown up. */
export function gainToTarget(measuredLufs: number, targetLufs: number): number {
  if (measuredLufs <= -60) return 0;
  return Math.max(-30, Math.min(24, targetLufs - measuredLufs));
}

/** The chromakey filter's key: an RGB colour, or the video's own U and V as they are (`yuv=1`). */
function chromaKeyColor(k: ChromaKey): string {
  if (!k.chroma) return `color=${ffColor(k.color)}`;
  const hex = (x: number) => Math.round(x).toString(16).padStart(2, "0").toUpperCase();
  return `color=0x00${hex(k.chroma.u)}${hex(k.chroma.v)}:yuv=1`;
}
