import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cutOutProduct,
  detailFocus,
  edgeColors,
  estimateBackdrop,
  MATTE,
  matteFromRgba,
  matteProblem,
  type RgbaImage,
} from "./cutout.ts";

type Rgb = [number, number, number];

/** A seeded generator, so the synthetic photos are the same every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1664525 + 1013904223) % 4294967296;
    return a / 4294967296;
  };
}

/** A picture painted pixel by pixel: `paint` gives each pixel's colour (and alpha). */
function picture(width: number, height: number, paint: (x: number, y: number) => Rgb | [...Rgb, number]): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a = 255] = paint(x, y);
      data.set([r, g, b, a], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

/** A light backdrop lit brighter at the top, with sensor noise. */
function studio(seed = 1) {
  const rand = random(seed);
  return (_x: number, y: number): Rgb => {
    const n = (rand() - 0.5) * 6;
    return [250 - y * 0.08 + n, 238 - y * 0.12 + n, 228 - y * 0.14 + n];
  };
}

const inRect = (x: number, y: number, r: { x: number; y: number; w: number; h: number }) =>
  x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/** Share of the pixels in `where` whose alpha passes `test`. */
function share(
  alpha: Uint8ClampedArray,
  width: number,
  where: (x: number, y: number) => boolean,
  test: (a: number) => boolean,
) {
  let hit = 0;
  let all = 0;
  for (let i = 0; i < alpha.length; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    if (!where(x, y)) continue;
    all++;
    if (test(alpha[i] as number)) hit++;
  }
  return hit / all;
}

// An orange bottle with a dark cap and a white label, standing on a studio backdrop with its shadow.
const BODY = { x: 120, y: 110, w: 120, h: 200 };
const CAP = { x: 150, y: 70, w: 60, h: 40 };
const LABEL = { x: 140, y: 170, w: 80, h: 70 };
const bottle = (x: number, y: number, backdrop: (x: number, y: number) => Rgb): Rgb => {
  if (inRect(x, y, LABEL)) return [252, 246, 238];
  if (inRect(x, y, BODY)) return [200, 105, 30];
  if (inRect(x, y, CAP)) return [28, 28, 30];
  const [r, g, b] = backdrop(x, y);
  // A soft shadow on the floor around the base.
  if (inEllipse(x, y, 180, 312, 110, 16)) return [r * 0.8, g * 0.8, b * 0.8];
  return [r, g, b];
};
/** Well clear of the product's edge (the soft edge is a few pixels wide). */
const clearOf = (x: number, y: number) =>
  !inRect(x, y, { x: BODY.x - 6, y: CAP.y - 6, w: BODY.w + 12, h: BODY.y + BODY.h - CAP.y + 12 });
const inside = (x: number, y: number) =>
  inRect(x, y, { x: BODY.x + 4, y: BODY.y + 4, w: BODY.w - 8, h: BODY.h - 8 }) ||
  inRect(x, y, { x: CAP.x + 4, y: CAP.y + 4, w: CAP.w - 8, h: CAP.h - 4 });

describe("estimateBackdrop", () => {
  it("finds a plain backdrop even when it is lit unevenly", () => {
    const backdrop = studio();
    const b = estimateBackdrop(picture(360, 400, (x, y) => bottle(x, y, backdrop)));
    expect(b.plain).toBe(true);
    expect(b.roughness).toBeLessThan(MATTE.maxRoughness);
    expect(b.coverage).toBeGreaterThan(0.95);
    expect(b.color[0]).toBeGreaterThan(b.color[2]);
  });

  it("calls a noisy photo busy", () => {
    const rand = random(3);
    const noisy = picture(320, 320, () => [rand() * 255, rand() * 255, rand() * 255]);
    expect(estimateBackdrop(noisy).plain).toBe(false);
  });

  it("calls a product on a patterned table busy", () => {
    const table = (x: number, y: number): Rgb =>
      (Math.floor(x / 16) + Math.floor(y / 16)) % 2 ? [190, 40, 40] : [245, 240, 230];
    const b = estimateBackdrop(picture(360, 400, (x, y) => bottle(x, y, table)));
    expect(b.plain).toBe(false);
  });

  it("tolerates the product reaching the bottom edge", () => {
    const backdrop = studio(5);
    const tall = picture(300, 300, (x, y) =>
      inRect(x, y, { x: 100, y: 80, w: 100, h: 220 }) ? [30, 60, 160] : backdrop(x, y),
    );
    const b = estimateBackdrop(tall);
    expect(b.plain).toBe(true);
    expect(b.coverage).toBeLessThan(0.95);
  });

  it("reads a picture cut out before upload as transparent", () => {
    const cut = picture(200, 200, (x, y) => (inEllipse(x, y, 100, 100, 60, 80) ? [40, 90, 200, 255] : [0, 0, 0, 0]));
    const b = estimateBackdrop(cut);
    expect(b.transparent).toBeGreaterThan(0.9);
    expect(b.plain).toBe(true);
  });
});

describe("matteFromRgba", () => {
  const backdrop = studio(7);
  const photo = picture(360, 400, (x, y) => bottle(x, y, backdrop));
  const m = matteFromRgba(photo);

  it("covers the product and not the backdrop, nor the shadow on it", () => {
    expect(share(m.alpha, m.width, inside, (a) => a === 255)).toBe(1);
    expect(share(m.alpha, m.width, clearOf, (a) => a === 0)).toBeGreaterThan(0.999);
    // The floor shadow beside the base stays backdrop.
    expect(
      share(
        m.alpha,
        m.width,
        (x, y) => inEllipse(x, y, 180, 312, 110, 16) && clearOf(x, y),
        (a) => a === 0,
      ),
    ).toBe(1);
    expect(m.bounds).toMatchObject({ x: expect.closeTo(BODY.x, -1), y: expect.closeTo(CAP.y, -1) });
    expect(matteProblem(m)).toBeNull();
  });

  it("fills a light label that is close to the backdrop's colour", () => {
    expect(
      share(
        m.alpha,
        m.width,
        (x, y) => inRect(x, y, LABEL),
        (a) => a === 255,
      ),
    ).toBe(1);
  });

  it("has a soft edge: a ramp of a few pixels, no hard step and no rim of backdrop", () => {
    const row = 200;
    const ramp = [...Array(12).keys()].map((k) => m.alpha[row * m.width + BODY.x - 6 + k] as number);
    expect(ramp[0]).toBe(0);
    expect(ramp.at(-1)).toBe(255);
    expect(ramp.filter((a) => a > 0 && a < 255).length).toBeGreaterThanOrEqual(1);
    for (let k = 1; k < ramp.length; k++) expect(ramp[k] as number).toBeGreaterThanOrEqual(ramp[k - 1] as number);
    // Half-transparent edge pixels take the product's colour, not the pale backdrop's.
    const cut = edgeColors(photo, m);
    for (let i = 0; i < m.alpha.length; i++) {
      const a = m.alpha[i] as number;
      if (a === 0 || a === 255 || !inRect(i % m.width, Math.floor(i / m.width), { x: 0, y: 150, w: 360, h: 100 }))
        continue;
      expect(cut.data[i * 4 + 2] as number).toBeLessThan(120);
    }
  });

  it("keeps the largest region only", () => {
    const speck = picture(300, 300, (x, y) =>
      inRect(x, y, { x: 100, y: 80, w: 90, h: 150 })
        ? [40, 140, 60]
        : inRect(x, y, { x: 240, y: 30, w: 14, h: 14 })
          ? [40, 140, 60]
          : [235, 235, 240],
    );
    const s = matteFromRgba(speck);
    expect(s.alpha[37 * 300 + 247]).toBe(0);
    expect(s.alpha[150 * 300 + 140]).toBe(255);
  });

  it("leaves the backdrop seen through a hole in the product open (a mug's handle)", () => {
    const ring = picture(300, 300, (x, y) =>
      inEllipse(x, y, 150, 150, 100, 100) && !inEllipse(x, y, 150, 150, 45, 45) ? [30, 60, 160] : [236, 236, 236],
    );
    const r = matteFromRgba(ring);
    expect(r.alpha[150 * 300 + 150]).toBe(0);
    expect(r.alpha[150 * 300 + 75]).toBe(255);
  });

  it("flags a product cut by the photo's side, which cannot stand in a setting", () => {
    const cut = picture(300, 300, (x, y) =>
      inRect(x, y, { x: 0, y: 60, w: 160, h: 180 }) ? [30, 60, 160] : [236, 236, 236],
    );
    expect(matteProblem(matteFromRgba(cut))).toMatch(/edge/);
  });
});

describe("detailFocus", () => {
  it("finds the label's height on the product", () => {
    const product = picture(100, 400, (_x, y) => {
      // Plain body, with lines of "text" 60-80 % of the way down.
      if (y > 240 && y < 320 && y % 6 < 3) return [20, 20, 20, 255];
      return [200, 105, 30, 255];
    });
    const focus = detailFocus(product);
    expect(focus).toBeGreaterThan(0.55);
    expect(focus).toBeLessThan(0.85);
  });
});

describe("cutOutProduct", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "reelsmith-cutout-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const save = async (name: string, width: number, height: number, draw: (ctx: SKRSContext2D) => void) => {
    const canvas = createCanvas(width, height);
    draw(canvas.getContext("2d"));
    const file = join(dir, name);
    await writeFile(file, name.endsWith(".png") ? canvas.toBuffer("image/png") : canvas.toBuffer("image/jpeg"));
    return file;
  };

  it("cuts a product out of a plain backdrop, trimmed to its bounds, transparent around it", async () => {
    const file = await save("plain.jpg", 900, 900, (ctx) => {
      ctx.fillStyle = "#F2E8DD";
      ctx.fillRect(0, 0, 900, 900);
      ctx.fillStyle = "#C2410C";
      ctx.fillRect(330, 250, 240, 500);
      ctx.fillStyle = "#1F2937";
      ctx.fillRect(380, 160, 140, 100);
    });
    const p = await cutOutProduct(file);
    expect(p.kind).toBe("cutout");
    expect(p.width).toBeGreaterThan(230);
    expect(p.width).toBeLessThan(256);
    expect(p.height).toBeGreaterThan(580);
    expect(p.height).toBeLessThan(606);
    const data = p.canvas.getContext("2d").getImageData(0, 0, p.width, p.height).data;
    // Top corners are beside the cap: transparent. The body's centre is opaque orange.
    expect(data[3]).toBe(0);
    const centre = (Math.round(p.height * 0.6) * p.width + Math.round(p.width / 2)) * 4;
    expect(data[centre + 3]).toBe(255);
    expect(Math.abs((data[centre] as number) - 0xc2)).toBeLessThanOrEqual(4);
  });

  /**
   * A busy kitchen-counter scene: wood grain and scattered objects of many colours, none touching the
   * bottle (clutter touching the product and unlike anything along the photo's edges is taken for part
   * of it: GrabCut tells them apart by colour); a bottle drawn by `bottle`.
   */
  const busyScene = (ctx: SKRSContext2D, width: number, height: number, bottle: (ctx: SKRSContext2D) => void) => {
    const next = random(7);
    for (let y = 0; y < height; y += 6) {
      const tone = 120 + 40 * Math.sin(y / 23) + 20 * next();
      ctx.fillStyle = `rgb(${tone + 40}, ${tone}, ${tone * 0.6})`;
      ctx.fillRect(0, y, width, 6);
    }
    for (let k = 0; k < 60; k++) {
      const hue = [18, 30, 45, 350, 80][k % 5];
      const [x, y, r] = [next() * width, next() * height, 10 + 40 * next()];
      ctx.fillStyle = `hsl(${hue}, ${40 + 40 * next()}%, ${35 + 40 * next()}%)`;
      if (x + r > 310 && x - r < 590) continue;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fill();
    }
    bottle(ctx);
  };
  const tealBottle = (top: number) => (ctx: SKRSContext2D) => {
    ctx.fillStyle = "#1F2937";
    ctx.fillRect(410, top, 80, 70);
    ctx.fillStyle = "#0F766E";
    ctx.beginPath();
    ctx.roundRect(330, top + 60, 240, 560, 40);
    ctx.fill();
    ctx.fillStyle = "#F8FAFC";
    ctx.fillRect(330, top + 260, 240, 160);
    ctx.fillStyle = "#0F172A";
    ctx.font = "bold 44px sans-serif";
    ctx.fillText("AQUA", 395, top + 355);
  };

  it("cuts a product out of a busy backdrop with GrabCut, seeded as the guidelines ask photos to be shot", async () => {
    const file = await save("busy.jpg", 900, 900, (ctx) => busyScene(ctx, 900, 900, tealBottle(150)));
    const p = await cutOutProduct(file);
    expect(p.kind).toBe("cutout");
    // The bottle is 240 x 620 with its cap (bounds within a few per cent).
    expect(p.width).toBeGreaterThan(228);
    expect(p.width).toBeLessThan(256);
    expect(p.height).toBeGreaterThan(600);
    expect(p.height).toBeLessThan(640);
    const data = p.canvas.getContext("2d").getImageData(0, 0, p.width, p.height).data;
    const at = (x: number, y: number) => (Math.round(y * p.height) * p.width + Math.round(x * p.width)) * 4;
    // Beside the cap: the counter is gone. The label and the body: opaque, their own colours.
    expect(data[at(0.02, 0.02) + 3]).toBeLessThan(20);
    expect(data[at(0.5, 0.45) + 3]).toBe(255);
    expect(data[at(0.5, 0.45)]).toBeGreaterThan(230);
    expect(data[at(0.5, 0.8) + 3]).toBe(255);
    expect(Math.abs((data[at(0.5, 0.8) + 1] as number) - 0x76)).toBeLessThanOrEqual(8);
  });

  it("keeps a busy photo whole when its product runs out of the frame", async () => {
    const file = await save("busy-cut.jpg", 900, 900, (ctx) => busyScene(ctx, 900, 900, tealBottle(-120)));
    const p = await cutOutProduct(file);
    expect(p.kind).toBe("photo");
    expect([p.width, p.height]).toEqual([900, 900]);
  });

  it("works on a bounded copy of a large picture", async () => {
    const file = await save("large.png", 4000, 2400, (ctx) => {
      ctx.fillStyle = "#EEF2F5";
      ctx.fillRect(0, 0, 4000, 2400);
      ctx.fillStyle = "#0F766E";
      ctx.fillRect(1700, 500, 600, 1500);
    });
    const p = await cutOutProduct(file);
    expect(p.kind).toBe("cutout");
    // Made on a copy at most MATTE.workSide wide: the product is 600 / 4000 of it.
    expect(p.width).toBeLessThanOrEqual(Math.ceil((600 / 4000) * MATTE.workSide) + 2);
  });
});
