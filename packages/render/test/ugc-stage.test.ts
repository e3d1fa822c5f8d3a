import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas, loadImage, type SKRSContext2D } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareUgcStage } from "../src/cards/product-stage.ts";
import { SETTING_BASE_Y } from "../src/cards/settings.ts";

/**
 * The pictures a UGC ad is cut from, made from product photos drawn here: a bottle on a plain
 * backdrop or a patterned table is cut out and stands in a setting; one that runs out of a busy photo is
 * kept whole, framed.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reelsmith-ugc-stage-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function photo(name: string, draw: (ctx: SKRSContext2D) => void): Promise<string> {
  const canvas = createCanvas(1000, 1000);
  draw(canvas.getContext("2d"));
  const file = join(dir, name);
  await writeFile(file, name.endsWith(".png") ? canvas.toBuffer("image/png") : canvas.toBuffer("image/jpeg"));
  return file;
}

function bottle(ctx: SKRSContext2D, body: string) {
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.roundRect(400, 300, 200, 520, 30);
  ctx.fill();
  ctx.fillStyle = "#F8F4EE";
  ctx.fillRect(430, 480, 140, 160);
  ctx.fillStyle = "#151515";
  ctx.fillRect(450, 200, 100, 110);
}

/** A red and cream tablecloth across the whole photo. */
function checker(ctx: SKRSContext2D) {
  for (let y = 0; y < 1000; y += 50)
    for (let x = 0; x < 1000; x += 50) {
      ctx.fillStyle = (x + y) % 100 ? "#B91C1C" : "#FAF7F0";
      ctx.fillRect(x, y, 50, 50);
    }
}

async function pixels(path: string) {
  const img = await loadImage(path);
  const ctx = createCanvas(img.width, img.height).getContext("2d");
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, at: (x: number, y: number) => ctx.getImageData(x, y, 1, 1).data };
}

describe("prepareUgcStage", () => {
  it("cuts a product out of a plain backdrop and stands it in a setting that suits its colour", async () => {
    const src = await photo("blue.jpg", (ctx) => {
      ctx.fillStyle = "#EDEDF0";
      ctx.fillRect(0, 0, 1000, 1000);
      bottle(ctx, "#1D4ED8");
    });
    const work = join(dir, "blue");
    await mkdir(work, { recursive: true });
    const stage = await prepareUgcStage(src, work);
    expect(stage.kind).toBe("cutout");
    expect(stage.setting).toBe("bathroom-shelf");
    // The product stands on the surface, inside the stage picture's box.
    const { box, productBox: p } = stage;
    expect(p.y + p.height).toBe(SETTING_BASE_Y);
    expect(p.x).toBeGreaterThanOrEqual(box.x);
    expect(p.x + p.width).toBeLessThanOrEqual(box.x + box.width);
    expect(p.height / p.width).toBeCloseTo(620 / 200, 0);
    const backdrop = await pixels(stage.backdrop);
    expect([backdrop.width, backdrop.height]).toEqual([1080, 1920]);
    for (const path of [stage.stage, stage.product, stage.ground]) {
      const picture = await pixels(path);
      expect([picture.width, picture.height]).toEqual([box.width, box.height]);
    }
    // The product picture is clear around the product (the cut-out), opaque blue in its middle.
    const product = await pixels(stage.product);
    expect(product.at(2, 2)[3]).toBe(0);
    const body = product.at(p.x - box.x + Math.round(p.width * 0.15), p.y - box.y + Math.round(p.height * 0.8));
    expect(body[3]).toBe(255);
    expect(body[2] as number).toBeGreaterThan(150);
    // The ground holds a shadow under the base and nothing where the product's top is.
    const ground = await pixels(stage.ground);
    expect(ground.at(p.x - box.x + Math.round(p.width / 2), p.y - box.y + p.height - 2)[3]).toBeGreaterThan(40);
    expect(ground.at(p.x - box.x + Math.round(p.width / 2), p.y - box.y + 10)[3]).toBe(0);
    for (const close of stage.closeUps) {
      const picture = await pixels(close);
      expect([picture.width, picture.height]).toEqual([1080, 1920]);
    }
    // The first close-up is filled by the product: blue at the centre line, a little off the label.
    const close = await pixels(stage.closeUps[0]);
    const side = close.at(540 - 380, 1000);
    expect(side[2] as number).toBeGreaterThan((side[0] as number) + 60);
  });

  it("cuts a product out of a patterned table too, and stands it in a setting without the pattern", async () => {
    const src = await photo("table.jpg", (ctx) => {
      checker(ctx);
      bottle(ctx, "#15803D");
    });
    const work = join(dir, "table");
    await mkdir(work, { recursive: true });
    const stage = await prepareUgcStage(src, work);
    expect(stage.kind).toBe("cutout");
    expect(stage.setting).not.toBeNull();
    const { box, productBox: p } = stage;
    // Tall as the bottle and its cap (200 x 620), not a square card.
    expect(p.height / p.width).toBeGreaterThan(2.8);
    expect(p.height / p.width).toBeLessThan(3.4);
    const product = await pixels(stage.product);
    const at = (fx: number, fy: number) =>
      product.at(p.x - box.x + Math.round(p.width * fx), p.y - box.y + Math.round(p.height * fy));
    // Beside the cap: nothing (no red or cream squares). The body: the bottle's green.
    expect(at(0.05, 0.05)[3]).toBe(0);
    const body = at(0.5, 0.85);
    expect(body[3]).toBe(255);
    expect(body[1] as number).toBeGreaterThan((body[0] as number) + 40);
  });

  it("keeps a busy photo whole, as a framed card, when its product runs out of the frame", async () => {
    const src = await photo("table-cut.jpg", (ctx) => {
      checker(ctx);
      ctx.translate(0, -260);
      bottle(ctx, "#15803D");
    });
    const work = join(dir, "table-cut");
    await mkdir(work, { recursive: true });
    const stage = await prepareUgcStage(src, work);
    expect(stage.kind).toBe("photo");
    expect(stage.setting).toBeNull();
    const { box, productBox: p } = stage;
    expect(p.width).toBe(p.height);
    // The card shows the photo, pattern and all, with rounded corners.
    const product = await pixels(stage.product);
    expect(product.at(p.x - box.x + 1, p.y - box.y + 1)[3]).toBe(0);
    expect(product.at(p.x - box.x + Math.round(p.width / 2), p.y - box.y + Math.round(p.height / 2))[3]).toBe(255);
  });
});
