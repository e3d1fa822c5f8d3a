import { LIBRARY_SCREEN_KEY, type ScreenKey } from "@reelsmith/core";

/**
 * The preview's chroma key: core's `chromaKeyAlpha` (the render's ffmpeg chromakey) written as a
 * fragment shader, with a JavaScript twin that runs the same arithmetic so a test can hold it to
 * core's function. Colours are the texture's 0-1 values (a byte / 255), so every term is core's
 * divided by 255 and the sums stay small enough for a phone's medium-precision floats.
 */

/** The BT.709 limited-range chroma that core's `videoChroma` reads, in 0-1 units. */
const CHROMA = {
  kr: 0.2126,
  kg: 0.7152,
  kb: 0.0722,
  offset: 128 / 255,
  scale: 224 / 255,
  cbDivisor: 1.8556,
  crDivisor: 1.5748,
} as const;

/** A colour as a GLSL float literal (always with a decimal point). */
function glsl(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** Draws a textured rectangle; `a_position` in clip space, `a_uv` in texture space. */
export const QUAD_VERTEX_SHADER = `
attribute vec2 a_position;
attribute vec2 a_uv;
varying vec2 v_uv;
void main() {
  v_uv = a_uv;
  gl_Position = vec4(a_position, 0.0, 1.0);
}
`;

/** Draws a texture as it is (the background and the caption band). */
export const PLAIN_FRAGMENT_SHADER = `
precision mediump float;
varying vec2 v_uv;
uniform sampler2D u_image;
void main() {
  gl_FragColor = texture2D(u_image, v_uv);
}
`;

/**
 * The key, as ffmpeg's chromakey filter computes it: each pixel's distance from the key colour in
 * U/V, averaged over the 3x3 neighbourhood of the meme's own pixels (`u_texel` is one pixel of the
 * clip), ramped from `u_similarity` over `u_blend` (the library's key, or the one found on a
 * creator's own clip). The colour is kept as it is: the library's memes are rendered without despill;
 * a creator's own clip is despilled by the render (its green or blue cast on the subject's edges is
 * removed), which the preview skips, as it changes the colour only, never the alpha.
 */
export const CHROMA_KEY_FRAGMENT_SHADER = `
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_uv;
uniform sampler2D u_image;
uniform vec2 u_texel;
uniform vec2 u_keyChroma;
uniform float u_similarity;
uniform float u_blend;

vec2 videoChroma(vec3 rgb) {
  float y = ${glsl(CHROMA.kr)} * rgb.r + ${glsl(CHROMA.kg)} * rgb.g + ${glsl(CHROMA.kb)} * rgb.b;
  return vec2(
    ${glsl(CHROMA.offset)} + ${glsl(CHROMA.scale)} * (rgb.b - y) / ${glsl(CHROMA.cbDivisor)},
    ${glsl(CHROMA.offset)} + ${glsl(CHROMA.scale)} * (rgb.r - y) / ${glsl(CHROMA.crDivisor)}
  );
}

float keyDistance(vec2 uv) {
  vec2 d = videoChroma(texture2D(u_image, uv).rgb) - u_keyChroma;
  return sqrt((d.x * d.x + d.y * d.y) / 2.0);
}

float alphaFromDistance(float distance) {
  if (u_blend > 0.0001) return clamp((distance - u_similarity) / u_blend, 0.0, 1.0);
  return distance > u_similarity ? 1.0 : 0.0;
}

void main() {
  float sum = 0.0;
  for (int dy = -1; dy <= 1; dy++) {
    for (int dx = -1; dx <= 1; dx++) {
      sum += keyDistance(v_uv + vec2(float(dx), float(dy)) * u_texel);
    }
  }
  vec4 colour = texture2D(u_image, v_uv);
  gl_FragColor = vec4(colour.rgb, alphaFromDistance(sum / 9.0));
}
`;

/** What the key shader takes: the screen's U and V in 0-1 units, and the ramp (core's `ScreenKey`). */
export interface KeyUniforms {
  keyChroma: readonly [number, number];
  similarity: number;
  blend: number;
}

/**
 * The uniforms for a key: core's U and V are bytes, the shader's colours 0-1, so they are divided by
 * 255; similarity and blend are distances already in 0-1 and go as they are.
 */
export function keyUniforms(key: ScreenKey): KeyUniforms {
  return { keyChroma: [key.u / 255, key.v / 255], similarity: key.similarity, blend: key.blend };
}

/** The uniforms of the library's memes (drawn on #00FF00). */
export const KEY_UNIFORMS: KeyUniforms = keyUniforms(LIBRARY_SCREEN_KEY);

// --- The twin: the shader's arithmetic, step by step, in JavaScript. ---

export type Rgb = readonly [number, number, number];

/** `videoChroma` of the shader, for a colour in 0-1. */
export function shaderVideoChroma(r: number, g: number, b: number): [number, number] {
  const y = CHROMA.kr * r + CHROMA.kg * g + CHROMA.kb * b;
  return [
    CHROMA.offset + (CHROMA.scale * (b - y)) / CHROMA.cbDivisor,
    CHROMA.offset + (CHROMA.scale * (r - y)) / CHROMA.crDivisor,
  ];
}

/** `keyDistance` of the shader, for a colour in bytes (0-255) as the texture holds it. */
export function shaderKeyDistance([r, g, b]: Rgb, uniforms: KeyUniforms = KEY_UNIFORMS): number {
  const [u, v] = shaderVideoChroma(r / 255, g / 255, b / 255);
  const du = u - uniforms.keyChroma[0];
  const dv = v - uniforms.keyChroma[1];
  return Math.sqrt((du * du + dv * dv) / 2);
}

/** `alphaFromDistance` of the shader. */
export function shaderAlphaFromDistance(distance: number, uniforms: KeyUniforms = KEY_UNIFORMS): number {
  const { similarity, blend } = uniforms;
  if (blend > 0.0001) return Math.min(1, Math.max(0, (distance - similarity) / blend));
  return distance > similarity ? 1 : 0;
}

/** The shader's alpha for a pixel from its 3x3 neighbourhood (nine colours, the pixel among them). */
export function shaderKeyAlpha(neighbourhood: readonly Rgb[], uniforms: KeyUniforms = KEY_UNIFORMS): number {
  const sum = neighbourhood.reduce((total, rgb) => total + shaderKeyDistance(rgb, uniforms), 0);
  return shaderAlphaFromDistance(sum / neighbourhood.length, uniforms);
}
