/**
 * Shapes of drawn text, for tests that hold one drawing to another whatever their size and place: where a picture has
 * ink, cut to that ink and sampled on a 96x32 grid (1 ink, 0 none), and how much two such grids share.
 */

/** The grid of the pixels `ink` says are inked, in a `width` x `height` picture. */
export function inkGrid(ink: (x: number, y: number) => boolean, width: number, height: number): Uint8Array {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!ink(x, y)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  const cells = new Uint8Array(96 * 32);
  if (right < left) return cells;
  for (let gy = 0; gy < 32; gy += 1) {
    for (let gx = 0; gx < 96; gx += 1) {
      const x = Math.min(right, left + Math.floor(((gx + 0.5) * (right - left + 1)) / 96));
      const y = Math.min(bottom, top + Math.floor(((gy + 0.5) * (bottom - top + 1)) / 32));
      cells[gy * 96 + gx] = ink(x, y) ? 1 : 0;
    }
  }
  return cells;
}

/** The grid of an RGBA picture's ink: its red channel over half. */
export function rgbaInkGrid(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  return inkGrid((x, y) => (rgba[(y * width + x) * 4] ?? 0) > 128, width, height);
}

/** The share of the cells inked in either grid that are inked in both (1: the same shapes). */
export function inkOverlap(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] && b[i]) both += 1;
    if (a[i] || b[i]) either += 1;
  }
  return either === 0 ? 0 : both / either;
}
