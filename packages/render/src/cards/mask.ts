/** Operations on 0/1 masks (one byte a pixel, rows top to bottom) shared by the product mattes. */

/** Separable square max (grow) or min (shrink) of a 0/1 mask, radius r. */
export function morph(mask: Uint8Array, width: number, height: number, r: number, grow: boolean): Uint8Array {
  if (r <= 0) return mask.slice();
  const pass = (src: Uint8Array, horizontal: boolean) => {
    const out = new Uint8Array(src.length);
    const [outer, inner] = horizontal ? [height, width] : [width, height];
    for (let a = 0; a < outer; a++) {
      for (let b = 0; b < inner; b++) {
        let v = grow ? 0 : 1;
        for (let k = Math.max(0, b - r); k <= Math.min(inner - 1, b + r); k++) {
          const s = src[horizontal ? a * width + k : k * width + a] as number;
          if (grow ? s : !s) {
            v = grow ? 1 : 0;
            break;
          }
        }
        out[horizontal ? a * width + b : b * width + a] = v;
      }
    }
    return out;
  };
  return pass(pass(mask, true), false);
}

/**
 * Connected regions of a 0/1 mask (8-connected): a label per pixel (0 outside the mask) and each
 * region's size, largest first by label order of discovery.
 */
export function regions(mask: Uint8Array, width: number, height: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(mask.length);
  const sizes: number[] = [0];
  const stack = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const label = sizes.length;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const i = stack[--top] as number;
      size++;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width || (dx === 0 && dy === 0)) continue;
          const j = ny * width + nx;
          if (mask[j] && !labels[j]) {
            labels[j] = label;
            stack[top++] = j;
          }
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}
