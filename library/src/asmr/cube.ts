/**
 * Environment cube cutting: an isometric cube holding a little world (grass, soil, rock strata,
 * a lake and trees on top) glides into a knife; each cut slab tips over and shows the layered
 * cross-section. Slabs are identical, so sliding by one slab per cut loops seamlessly.
 * `cubeMoment` (the picture) and `cubeCues` (the foley) read the same schedule, CUBE_SPANS.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { easeInOut, shade, TAU } from "../kit/draw.ts";
import type { Rng } from "../kit/prng.ts";
import {
  type Cue,
  cycleAt,
  cycleTime,
  loopBus,
  loopSeconds,
  masterLoop,
  progress,
  type Span,
} from "../kit/soundtrack.ts";
import type { BuildModeName, VideoGenerator, VideoSpec } from "../kit/video.ts";
import { boardChop, cutThrough, friction, roomTone, slabLand, type Texture, trickle } from "./foley.ts";
import { drawKnife } from "./kitchen.ts";

/** The strata from the top, as fractions of the cube's height, and how each sounds under the blade. */
export const LAYERS: readonly { color: string; depth: number; texture: Texture }[] = [
  // Grass: crisp tearing blades.
  {
    color: "#5cb85c",
    depth: 0.1,
    texture: { lo: 3000, hi: 8500, decay: [0.0002, 0.0008], density: 1800, skew: 2, bed: [4200, 1.2, 0.25] },
  },
  // Soil: soft crumbles.
  {
    color: "#8b5a2b",
    depth: 0.22,
    texture: { lo: 700, hi: 2600, decay: [0.0008, 0.003], density: 650, skew: 2.2, bed: [600, 0.9, 0.35] },
  },
  // Sand: a fine hiss of grains.
  {
    color: "#b07a45",
    depth: 0.2,
    texture: { lo: 2500, hi: 7500, decay: [0.0002, 0.0006], density: 3200, skew: 1.6, bed: [5200, 0.8, 0.3] },
  },
  // Stone: sparse hard crunches.
  {
    color: "#9e9e9e",
    depth: 0.18,
    texture: { lo: 1200, hi: 4500, decay: [0.0004, 0.0016], density: 420, skew: 3, bed: [2200, 1.5, 0.18] },
  },
  // Dark rock: lower, denser grit.
  {
    color: "#6d6d6d",
    depth: 0.15,
    texture: { lo: 800, hi: 3200, decay: [0.0005, 0.002], density: 650, skew: 2.6, bed: [1500, 1.4, 0.2] },
  },
  // Glowing ore: a fizzing sizzle.
  {
    color: "#ff8f1f",
    depth: 0.15,
    texture: { lo: 4000, hi: 9500, decay: [0.0001, 0.0004], density: 2600, skew: 1.8, bed: [7000, 0.7, 0.4] },
  },
];

/** Each cut's share of the loop, as fractions of the cut: one slab per cut. */
export const CUBE_SPANS = {
  /** The cube glides one slab past the knife. */
  slide: [0, 0.3],
  /** The knife goes down through the cube at an even speed. */
  cut: [0.35, 0.6],
  /** The cut slab tips over (gravity: faster and faster) and lands as the next cut begins. */
  fall: [0.6, 1],
  /** The knife rises back to rest. */
  lift: [0.6, 1],
} as const satisfies Record<string, Span>;

/** Knife depth in cube heights below the top of the cut face at the blade's middle (1: the bottom). */
export const REST_DEPTH = -0.55;

/** Cuts per loop: 4, or 1 in a loop of 2 s or less. */
export function cubeCuts(spec: VideoSpec): number {
  return spec.durationS <= 2 ? 1 : 4;
}

export interface CubeMoment {
  cut: number;
  t: number;
  /** How far the cube has slid forward, in slabs. */
  slide: number;
  /** Knife depth (see REST_DEPTH). */
  depth: number;
  /** How far the cut slab has tipped over, 0..1 (1: landed). */
  fall: number;
}

/** Where everything is at a phase of the loop: the picture draws exactly this. */
export function cubeMoment(phase: number, cuts: number): CubeMoment {
  const { index, t } = cycleAt(phase, cuts);
  const cut = progress(t, CUBE_SPANS.cut);
  const depth =
    t < CUBE_SPANS.cut[1]
      ? REST_DEPTH + (1 - REST_DEPTH) * cut
      : 1 - (1 - REST_DEPTH) * easeInOut(progress(t, CUBE_SPANS.lift));
  return {
    cut: index,
    t,
    slide: easeInOut(progress(t, CUBE_SPANS.slide)),
    depth,
    fall: progress(t, CUBE_SPANS.fall) ** 2,
  };
}

export type CubeCueKind = "slide" | "layer" | "chop" | "tip" | "land";

/** Every sound of the loop, from the same spans as the picture. Layer cues carry the layer's index. */
export function cubeCues(spec: VideoSpec): Cue<CubeCueKind>[] {
  const loopS = loopSeconds(spec);
  const cuts = cubeCuts(spec);
  const at = (cycle: number, t: number) => cycleTime(loopS, cuts, cycle, t);
  const seconds = (from: number, to: number) => ((to - from) * loopS) / cuts;
  const { slide, cut, fall } = CUBE_SPANS;
  // The cut span at a knife depth (the knife moves at an even speed).
  const when = (depth: number) => cut[0] + ((depth - REST_DEPTH) / (1 - REST_DEPTH)) * (cut[1] - cut[0]);
  const cues: Cue<CubeCueKind>[] = [];
  for (let cycle = 0; cycle < cuts; cycle++) {
    cues.push({ kind: "slide", at: at(cycle, slide[0]), length: seconds(slide[0], slide[1]), cycle, item: 0 });
    let top = 0;
    LAYERS.forEach((layer, item) => {
      const from = when(top);
      const to = when(top + layer.depth);
      cues.push({ kind: "layer", at: at(cycle, from), length: seconds(from, to), cycle, item });
      top += layer.depth;
    });
    cues.push({ kind: "chop", at: at(cycle, cut[1]), length: 0, cycle, item: 0 });
    cues.push({ kind: "tip", at: at(cycle, fall[0]), length: seconds(fall[0], fall[1]), cycle, item: 0 });
    cues.push({ kind: "land", at: at(cycle, fall[1]), length: 0, cycle, item: 0 });
  }
  return cues;
}

const SAND = { tone: 900, grit: 900, gritLo: 1400, gritHi: 5000 };

/** The foley: the cube grinding forward, each stratum under the blade, the blade's knock, the slab landing. */
export function cubeFoley(spec: VideoSpec, rng: Rng): Float32Array {
  const bus = loopBus(spec);
  roomTone(bus, rng);
  for (const cue of cubeCues(spec)) {
    switch (cue.kind) {
      case "slide":
        bus.add(
          friction(rng, cue.length, (x) => Math.sin(Math.PI * x), SAND),
          cue.at,
          1,
          0.15,
        );
        break;
      case "layer":
        bus.add(cutThrough(rng, cue.length, LAYERS[cue.item]!.texture), cue.at, 1.8, -0.1);
        break;
      case "chop":
        bus.add(boardChop(rng, 0.8), cue.at, 1, -0.1);
        break;
      case "tip":
        // Crumbs trickle off the slab as it tips, faster as it falls.
        bus.add(trickle(rng, cue.length), cue.at, 0.5, -0.3);
        break;
      case "land":
        bus.add(slabLand(rng), cue.at, 0.55, -0.35);
        break;
    }
  }
  return masterLoop(bus);
}

/** Seconds one cut takes in the clip of a library mode (a recording of the cube follows the same schedule). */
export function cubeCutSeconds(mode: BuildModeName): number {
  const spec = generator.spec(mode);
  return loopSeconds(spec) / cubeCuts(spec);
}

const generator: VideoGenerator = {
  source: "library/src/asmr/cube.ts",
  spec: (mode) => styleClipSpec(mode, 8, 0.3),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    const cuts = cubeCuts(spec);
    const size = w * 0.44;
    const slab = size / 4;
    // Isometric axes.
    const ix = { x: Math.cos(Math.PI / 6), y: Math.sin(Math.PI / 6) };
    const iz = { x: -Math.cos(Math.PI / 6), y: Math.sin(Math.PI / 6) };
    const origin = { x: w * 0.62, y: h * 0.5 };
    const P = (x: number, y: number, z: number) => ({
      x: origin.x + x * ix.x + z * iz.x,
      y: origin.y + x * ix.y + z * iz.y - y,
    });
    const poly = (ctx: SKRSContext2D, pts: { x: number; y: number }[], fill: string) => {
      ctx.beginPath();
      ctx.moveTo(pts[0]!.x, pts[0]!.y);
      for (const p of pts.slice(1)) ctx.lineTo(p.x, p.y);
      ctx.closePath();
      ctx.fillStyle = fill;
      ctx.fill();
    };
    const frontFace = (ctx: SKRSContext2D, x: number) => {
      let y = size;
      for (const layer of LAYERS) {
        const y1 = y - layer.depth * size;
        poly(ctx, [P(x, y, 0), P(x, y, size), P(x, y1, size), P(x, y1, 0)], shade(layer.color, 1.05));
        y = y1;
      }
    };
    return {
      draw(ctx, f) {
        const bg = ctx.createLinearGradient(0, 0, 0, h);
        bg.addColorStop(0, "#1d2b53");
        bg.addColorStop(1, "#7e57c2");
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, w, h);
        ctx.fillStyle = "rgba(255,255,255,0.08)";
        for (let i = 0; i < 12; i++) {
          ctx.beginPath();
          ctx.arc((w * ((i * 37) % 100)) / 100, (h * ((i * 53) % 100)) / 100, 20 + (i % 4) * 14, 0, TAU);
          ctx.fill();
        }
        const m = cubeMoment(f.phase, cuts);
        const local = m.t;
        const slide = m.slide * slab;
        const fall = m.fall;
        // Cube body (x from -slide .. size-slide along ix, z 0..size).
        // The block slides one slab past the knife plane (x = 0), the knife cuts, the slab falls away.
        const x0 = local < CUBE_SPANS.cut[1] ? -slide : 0;
        const x1 = size;
        const top = [P(x0, size, 0), P(x1, size, 0), P(x1, size, size), P(x0, size, size)];
        poly(ctx, top, "#5cb85c");
        // Lake and trees on top.
        const lake = P(x0 + (x1 - x0) * 0.55, size, size * 0.5);
        ctx.fillStyle = "#3aa0ff";
        ctx.beginPath();
        ctx.ellipse(lake.x, lake.y, size * 0.22, size * 0.11, 0, 0, TAU);
        ctx.fill();
        for (let k = 0; k < 5; k++) {
          const p = P(x0 + ((k * 0.19 + 0.1) % 1) * (x1 - x0), size, size * ((k * 0.37 + 0.15) % 1));
          ctx.fillStyle = "#6b4a2b";
          ctx.fillRect(p.x - 3, p.y - 22, 6, 22);
          ctx.fillStyle = "#2e7d32";
          ctx.beginPath();
          ctx.moveTo(p.x, p.y - 60);
          ctx.lineTo(p.x + 18, p.y - 18);
          ctx.lineTo(p.x - 18, p.y - 18);
          ctx.fill();
        }
        // Right face (z = size side) shows strata along x.
        let y = size;
        for (const layer of LAYERS) {
          const y1 = y - layer.depth * size;
          poly(ctx, [P(x0, y, size), P(x1, y, size), P(x1, y1, size), P(x0, y1, size)], shade(layer.color, 0.7));
          y = y1;
        }
        // Front face (x = x0) is the fresh cut.
        frontFace(ctx, x0);
        // The falling slab in front.
        if (local > CUBE_SPANS.fall[0] || local < 0.05) {
          const a = local > CUBE_SPANS.fall[0] ? fall : 1;
          ctx.save();
          const pivot = P(-slab, 0, size / 2);
          ctx.translate(pivot.x - a * 40, pivot.y + a * 30);
          ctx.rotate(-a * 1.2);
          ctx.globalAlpha = local < 0.05 ? 1 - local / 0.05 : 1;
          ctx.translate(-pivot.x, -pivot.y);
          frontFace(ctx, -slab);
          ctx.restore();
        }
        // The blade's edge (12 px below the knife's tip line) at the knife's depth in the cut face.
        const mid = P(0, size, size / 2);
        drawKnife(ctx, mid.x + 10, mid.y + m.depth * size - 12, w * 0.9);
      },
    };
  },
  audio: ({ spec, rng }) => cubeFoley(spec, rng),
};

export default generator;
