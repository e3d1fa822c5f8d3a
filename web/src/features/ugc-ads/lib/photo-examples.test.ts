import { describe, expect, it } from "vitest";

import { drawScene, type Painter, PHOTO_EXAMPLES, productBounds } from "./photo-examples";

const SIZE = 1000;
const example = (id: string) => {
  const found = PHOTO_EXAMPLES.find((e) => e.id === id);
  if (!found) throw new Error(`no example ${id}`);
  return found;
};

/** A 2D context stand-in that records the calls the painter makes. */
function recorder() {
  const calls: string[] = [];
  const gradient = { addColorStop: () => {} };
  const painter = new Proxy({} as Record<string, unknown>, {
    get: (_, name: string) => () => {
      calls.push(name);
      return name.startsWith("create") ? gradient : undefined;
    },
    set: () => true,
  }) as unknown as Painter;
  return { painter, calls };
}

describe("the guidelines' example photos", () => {
  it("has one good example and bad ones for busy, dark, off-centre, cropped and text-covered photos", () => {
    expect(PHOTO_EXAMPLES.filter((e) => e.verdict === "good").map((e) => e.id)).toEqual(["good"]);
    expect(example("busy").scene).toMatchObject({ backdrop: "busy" });
    expect(example("busy").scene.light).toBeLessThan(0.6);
    expect(example("text").scene.overlay).toBeTruthy();
    for (const e of PHOTO_EXAMPLES) expect(e.caption.length).toBeGreaterThan(40);
  });

  it("shows the good product whole, centred and large, the busy one small and off-centre, the cropped one cut off", () => {
    const good = productBounds(example("good").scene, SIZE);
    expect(good.left).toBeGreaterThan(0);
    expect(good.top).toBeGreaterThan(0);
    expect(good.right).toBeLessThan(SIZE);
    expect(good.bottom).toBeLessThan(SIZE);
    expect(good.bottom - good.top).toBeGreaterThan(SIZE * 0.6);
    expect(Math.abs((good.left + good.right) / 2 - SIZE / 2)).toBeLessThan(SIZE * 0.05);

    const busy = productBounds(example("busy").scene, SIZE);
    expect(busy.bottom - busy.top).toBeLessThan(SIZE * 0.3);
    expect((busy.left + busy.right) / 2 - SIZE / 2).toBeGreaterThan(SIZE * 0.2);
    expect(busy.bottom).toBeLessThan(SIZE);

    const cropped = productBounds(example("cropped").scene, SIZE);
    expect(cropped.top).toBeLessThan(0);
    expect(cropped.bottom).toBeGreaterThan(SIZE);
  });

  it("paints every scene within a clip of the square, with the overlay's words only where asked", () => {
    for (const e of PHOTO_EXAMPLES) {
      const { painter, calls } = recorder();
      drawScene(painter, e.scene, SIZE);
      expect(calls.slice(0, 4)).toEqual(["save", "beginPath", "rect", "clip"]);
      expect(calls.at(-1)).toBe("restore");
      expect(calls.includes("fillText")).toBe(Boolean(e.scene.overlay));
    }
  });
});
