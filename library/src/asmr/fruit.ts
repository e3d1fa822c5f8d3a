/**
 * Fruit cutting: a chef's knife slices through fruit on a wooden board, halves fall apart to show
 * the juicy cross-section, the next fruit slides in (orange, kiwi, watermelon, dragon fruit).
 * `fruitMoment` (the picture) and `fruitCues` (the foley) read the same schedule, FRUIT_SPANS.
 */
import type { SKRSContext2D } from "@napi-rs/canvas";
import { styleClipSpec } from "../kit/clip.ts";
import { easeInOut, easeOutBack, easeOutCubic, TAU } from "../kit/draw.ts";
import type { Rng } from "../kit/prng.ts";
import {
  type Cue,
  cycleAt,
  cycleTime,
  firstReach,
  loopBus,
  loopSeconds,
  masterLoop,
  progress,
  type Span,
} from "../kit/soundtrack.ts";
import type { VideoGenerator, VideoSpec } from "../kit/video.ts";
import { boardChop, flop, friction, type Produce, roomTone, skinBreak, slice } from "./foley.ts";
import { drawBoard, drawKnife } from "./kitchen.ts";

interface Fruit {
  skin: string;
  rind: string;
  flesh: string;
  core: string;
  seeds: string;
  r: number;
  /** How it sounds under the knife. */
  produce: Produce;
}
export const FRUITS: readonly Fruit[] = [
  {
    skin: "#f28c18",
    rind: "#fff1d6",
    flesh: "#ffa62b",
    core: "#fff5e0",
    seeds: "#fff5e0",
    r: 120,
    produce: { crisp: 0.55, juice: 0.9, size: 1 },
  },
  {
    skin: "#7a5a2e",
    rind: "#c9e265",
    flesh: "#8cc63f",
    core: "#f4f7d0",
    seeds: "#1a1a1a",
    r: 105,
    produce: { crisp: 0.3, juice: 0.75, size: 0.8 },
  },
  {
    skin: "#2e7d32",
    rind: "#f1f8e9",
    flesh: "#ff4d5e",
    core: "#ff7a86",
    seeds: "#1a1a1a",
    r: 150,
    produce: { crisp: 0.95, juice: 1, size: 1.6 },
  },
  {
    skin: "#e91e78",
    rind: "#ff9ac9",
    flesh: "#fafafa",
    core: "#ffffff",
    seeds: "#1a1a1a",
    r: 125,
    produce: { crisp: 0.4, juice: 0.55, size: 1.1 },
  },
];

/** Each fruit's slot of the loop, as fractions of the slot: one fruit per slot, FRUITS.length slots a loop. */
export const FRUIT_SPANS = {
  /** Slides in from the left and settles. */
  enter: [0, 0.15],
  /** The knife comes down through the fruit onto the board. */
  cut: [0.15, 0.45],
  /** The halves fall apart (easeOutBack: they land, then rock back a little). */
  open: [0.45, 0.7],
  /** The knife rises back to rest. */
  lift: [0.45, 0.6],
  /** The halves slide out to the right. */
  leave: [0.8, 1],
} as const satisfies Record<string, Span>;

/** Where the clip opens (a loop phase): the first fruit in place as the knife starts down. */
export const FRUIT_OPEN_AT = FRUIT_SPANS.cut[0] / FRUITS.length;

/** Knife depth: its edge is at `fruitTop - 0.6 r + depth * 2.6 r`, so 0.6 / 2.6 touches the skin and 1 the board. */
const REST_DEPTH = -0.2;
export const SKIN_DEPTH = 0.6 / 2.6;
/** The knife presses in slowly, then drops through to the board (fastest at the end, where it chops). */
const cutDepth = (p: number) => REST_DEPTH + (1 - REST_DEPTH) * p * p;

export interface FruitMoment {
  /** Which slot of the loop, and the time 0..1 inside it. */
  slot: number;
  t: number;
  fruit: Fruit;
  /** Horizontal offset in frame widths (-1: off to the left, 1: off to the right). */
  shift: number;
  /** Knife depth (see SKIN_DEPTH). */
  depth: number;
  /** How far the halves have fallen open (easeOutBack, overshoots 1). */
  open: number;
}

/** Where everything is at a phase of the loop: the picture draws exactly this. */
export function fruitMoment(phase: number): FruitMoment {
  const { index, t } = cycleAt(phase, FRUITS.length);
  const enter = 1 - easeOutCubic(progress(t, FRUIT_SPANS.enter));
  const leave = easeInOut(progress(t, FRUIT_SPANS.leave));
  const lift = progress(t, FRUIT_SPANS.lift);
  const depth =
    t < FRUIT_SPANS.cut[1]
      ? cutDepth(progress(t, FRUIT_SPANS.cut))
      : lift < 1
        ? 1 - (1 - REST_DEPTH) * easeInOut(lift)
        : REST_DEPTH;
  const opening = progress(t, FRUIT_SPANS.open);
  return {
    slot: index,
    t,
    fruit: FRUITS[index % FRUITS.length] as Fruit,
    shift: leave - enter,
    depth,
    open: opening > 0 ? easeOutBack(opening) : 0,
  };
}

export type FruitCueKind = "slide-in" | "skin" | "slice" | "chop" | "flop" | "slide-out";

/** When the halves first reach the board (easeOutBack first reaches 1), as progress through the open span. */
export const HALVES_LAND = firstReach(easeOutBack, 1);
/** When the edge meets the skin, as progress through the cut span. */
export const SKIN_AT = firstReach(cutDepth, SKIN_DEPTH);

/** Every sound of the loop, from the same spans as the picture. */
export function fruitCues(spec: VideoSpec): Cue<FruitCueKind>[] {
  const loopS = loopSeconds(spec);
  const count = FRUITS.length;
  const cues: Cue<FruitCueKind>[] = [];
  const at = (cycle: number, t: number) => cycleTime(loopS, count, cycle, t);
  const seconds = (span: Span) => ((span[1] - span[0]) * loopS) / count;
  const { enter, cut, open, leave } = FRUIT_SPANS;
  const skin = cut[0] + (cut[1] - cut[0]) * SKIN_AT;
  for (let cycle = 0; cycle < count; cycle++) {
    cues.push(
      { kind: "slide-in", at: at(cycle, enter[0]), length: seconds(enter), cycle, item: 0 },
      { kind: "skin", at: at(cycle, skin), length: 0, cycle, item: 0 },
      { kind: "slice", at: at(cycle, skin), length: seconds([skin, cut[1]]), cycle, item: 0 },
      { kind: "chop", at: at(cycle, cut[1]), length: 0, cycle, item: 0 },
      { kind: "flop", at: at(cycle, open[0] + (open[1] - open[0]) * HALVES_LAND), length: 0, cycle, item: 0 },
      { kind: "slide-out", at: at(cycle, leave[0]), length: seconds(leave), cycle, item: 0 },
    );
  }
  return cues;
}

const BOARD = { tone: 1500, grit: 260, gritLo: 1500, gritHi: 4200 };

/** The foley: the fruit sliding in, the skin breaking, the slice, the chop on the board, the halves landing. */
export function fruitFoley(spec: VideoSpec, rng: Rng): Float32Array {
  const bus = loopBus(spec);
  roomTone(bus, rng);
  for (const cue of fruitCues(spec)) {
    const produce = (FRUITS[cue.cycle % FRUITS.length] as Fruit).produce;
    switch (cue.kind) {
      case "slide-in":
        // easeOutCubic: fast at first, settling.
        bus.add(
          friction(rng, cue.length, (x) => (1 - x) ** 2, BOARD),
          cue.at,
          1.3,
          -0.35,
        );
        break;
      case "skin":
        bus.add(skinBreak(rng, produce), cue.at, 1.2, 0.05);
        break;
      case "slice":
        bus.add(slice(rng, cue.length, produce), cue.at, 2.2, 0.05);
        break;
      case "chop":
        bus.add(boardChop(rng, produce.size ** 0.5), cue.at, 0.8, 0.08);
        break;
      case "flop":
        bus.add(flop(rng, produce), cue.at, 0.3, -0.45);
        bus.add(flop(rng, produce), cue.at + 0.003, 0.3, 0.45);
        break;
      case "slide-out":
        // easeInOut: speeds up, then slows as it leaves.
        bus.add(
          friction(rng, cue.length, (x) => Math.sin(Math.PI * x), BOARD),
          cue.at,
          1.3,
          0.4,
        );
        break;
    }
  }
  return masterLoop(bus);
}

function drawHalf(ctx: SKRSContext2D, fruit: Fruit, x: number, y: number, side: number, open: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(side * open * 0.5);
  // Skin (back of the half).
  ctx.fillStyle = fruit.skin;
  ctx.beginPath();
  ctx.ellipse(
    side * 10,
    0,
    fruit.r * 0.9,
    fruit.r,
    0,
    side > 0 ? -Math.PI / 2 : Math.PI / 2,
    side > 0 ? Math.PI / 2 : (3 * Math.PI) / 2,
  );
  ctx.fill();
  // Cut face, revealed as the half turns.
  const face = Math.max(0.08, open);
  ctx.save();
  ctx.scale(face, 1);
  ctx.fillStyle = fruit.rind;
  ctx.beginPath();
  ctx.ellipse(0, 0, fruit.r * 0.95, fruit.r * 0.97, 0, 0, TAU);
  ctx.fill();
  ctx.fillStyle = fruit.flesh;
  ctx.beginPath();
  ctx.ellipse(0, 0, fruit.r * 0.85, fruit.r * 0.87, 0, 0, TAU);
  ctx.fill();
  // Segments / seeds.
  ctx.strokeStyle = fruit.core;
  ctx.lineWidth = 4;
  for (let k = 0; k < 10; k++) {
    const a = (k / 10) * TAU;
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(Math.cos(a) * fruit.r * 0.8, Math.sin(a) * fruit.r * 0.82);
    ctx.stroke();
  }
  ctx.fillStyle = fruit.core;
  ctx.beginPath();
  ctx.ellipse(0, 0, fruit.r * 0.22, fruit.r * 0.24, 0, 0, TAU);
  ctx.fill();
  ctx.fillStyle = fruit.seeds;
  for (let k = 0; k < 12; k++) {
    const a = (k / 12) * TAU;
    ctx.beginPath();
    ctx.ellipse(Math.cos(a) * fruit.r * 0.35, Math.sin(a) * fruit.r * 0.37, 5, 9, a, 0, TAU);
    ctx.fill();
  }
  // Juicy gloss.
  ctx.fillStyle = "rgba(255,255,255,0.35)";
  ctx.beginPath();
  ctx.ellipse(-fruit.r * 0.3, -fruit.r * 0.4, fruit.r * 0.25, fruit.r * 0.12, -0.5, 0, TAU);
  ctx.fill();
  ctx.restore();
  ctx.restore();
}

const generator: VideoGenerator = {
  source: "library/src/asmr/fruit.ts",
  // Opens with the first fruit on the board and the knife going down, not on the bare board before it slides in.
  spec: (mode) => styleClipSpec(mode, 8, 0.16, FRUIT_OPEN_AT),
  createScene({ spec }) {
    const w = spec.drawWidth;
    const h = spec.drawHeight;
    return {
      draw(ctx, f) {
        drawBoard(ctx, w, h);
        const m = fruitMoment(f.phase);
        const { fruit, open } = m;
        const cx = w / 2;
        const cy = h * 0.56;
        const x = cx + m.shift * w;
        ctx.fillStyle = "rgba(60,30,10,0.25)";
        ctx.beginPath();
        ctx.ellipse(x, cy + fruit.r * 0.95, fruit.r * (1.1 + open * 0.6), fruit.r * 0.2, 0, 0, TAU);
        ctx.fill();
        // The knife's edge; the fruit's top is at cy - r and the board at cy + r.
        const edge = cy - fruit.r * 1.6 + m.depth * fruit.r * 2.6;
        if (open <= 0) {
          ctx.fillStyle = fruit.skin;
          ctx.beginPath();
          ctx.ellipse(x, cy, fruit.r, fruit.r, 0, 0, TAU);
          ctx.fill();
          ctx.fillStyle = "rgba(255,255,255,0.3)";
          ctx.beginPath();
          ctx.ellipse(x - fruit.r * 0.35, cy - fruit.r * 0.4, fruit.r * 0.3, fruit.r * 0.15, -0.6, 0, TAU);
          ctx.fill();
          // The cut opens behind the edge.
          const cut = Math.min(edge, cy + fruit.r) - (cy - fruit.r);
          if (cut > 0) {
            ctx.fillStyle = fruit.flesh;
            ctx.fillRect(x - 3, cy - fruit.r, 6, cut);
          }
        } else {
          drawHalf(ctx, fruit, x - open * 70, cy, -1, open);
          drawHalf(ctx, fruit, x + open * 70, cy, 1, open);
        }
        drawKnife(ctx, cx, edge - 12, w);
      },
    };
  },
  audio: ({ spec, rng }) => fruitFoley(spec, rng),
};

export default generator;
