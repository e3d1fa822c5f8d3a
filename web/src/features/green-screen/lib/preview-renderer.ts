import { chromaKeyAlpha, GREEN_SCREEN_FRAME, type GreenScreenRect, type ScreenKey } from "@reelsmith/core";

import { CHROMA_KEY_FRAGMENT_SHADER, keyUniforms, PLAIN_FRAGMENT_SHADER, QUAD_VERTEX_SHADER } from "./chroma-key";

/**
 * The preview's drawing: the background (cover-fit, a picture pushed in as the render does), the meme
 * keyed over it in its box, and the caption band on top, on a canvas the size of the frame's 9:16.
 * WebGL keys in a shader (chroma-key.ts); where WebGL is missing a 2D canvas keys a smaller copy of
 * the meme pixel by pixel with core's `chromaKeyAlpha`.
 */

export type Drawable = HTMLImageElement | HTMLVideoElement | HTMLCanvasElement;

export interface PreviewScene {
  /**
   * The user's picture or video, how far the push has gone (1 = not at all), and where a wide source's
   * 9:16 window is centred (a share of its width; absent: the middle).
   */
  background: { source: Drawable; width: number; height: number; push: number; cropX?: number } | null;
  /**
   * The meme clip, its box in frame pixels (core's `memeBox`) and the key that lifts its screen; a null
   * key draws it as it is (a creator's clip whose screen is still being found, or was not found).
   */
  meme: {
    source: HTMLVideoElement;
    width: number;
    height: number;
    box: GreenScreenRect;
    key: ScreenKey | null;
  } | null;
  /** The band drawn at the canvas's scale (`drawCaption`), its box in frame pixels, and a version that changes with it. */
  caption: { source: HTMLCanvasElement; band: GreenScreenRect; version: number } | null;
}

export interface PreviewRenderer {
  kind: "webgl" | "canvas";
  /** Draws one frame; throws a SecurityError when a source from another origin may not be read. */
  draw(scene: PreviewScene): void;
  dispose(): void;
}

/** What the preview shows where there is no background yet. */
const EMPTY = [0.12, 0.13, 0.17] as const;

/**
 * The part of a `width` x `height` source that covers the frame, pushed in by `push`: centred
 * vertically, and horizontally at `cropX` (a share of the width, kept inside the source, as the
 * render cuts own footage).
 */
export function coverCrop(width: number, height: number, push = 1, cropX = 0.5): GreenScreenRect {
  const frame = GREEN_SCREEN_FRAME.width / GREEN_SCREEN_FRAME.height;
  const source = width / height;
  const cropW = (source > frame ? height * frame : width) / push;
  const cropH = (source > frame ? height : width / frame) / push;
  const x = Math.min(width - cropW, Math.max(0, width * cropX - cropW / 2));
  return { x, y: (height - cropH) / 2, width: cropW, height: cropH };
}

/** Whether a source has a picture to draw now. */
function ready(source: Drawable): boolean {
  if (source instanceof HTMLVideoElement) return source.readyState >= 2 && source.videoWidth > 0;
  if (source instanceof HTMLImageElement) return source.complete && source.naturalWidth > 0;
  return source.width > 0 && source.height > 0;
}

// ---------------------------------------------------------------------------------------------
// WebGL

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader | null {
  const shader = gl.createShader(type);
  if (!shader) return null;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    gl.deleteShader(shader);
    return null;
  }
  return shader;
}

interface Program {
  program: WebGLProgram;
  position: number;
  uv: number;
  uniforms: Record<string, WebGLUniformLocation | null>;
}

function link(gl: WebGLRenderingContext, fragment: string, uniforms: readonly string[]): Program | null {
  const vs = compile(gl, gl.VERTEX_SHADER, QUAD_VERTEX_SHADER);
  const fs = compile(gl, gl.FRAGMENT_SHADER, fragment);
  const program = gl.createProgram();
  if (!vs || !fs || !program) return null;
  gl.attachShader(program, vs);
  gl.attachShader(program, fs);
  gl.linkProgram(program);
  gl.deleteShader(vs);
  gl.deleteShader(fs);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
  return {
    program,
    position: gl.getAttribLocation(program, "a_position"),
    uv: gl.getAttribLocation(program, "a_uv"),
    uniforms: Object.fromEntries(uniforms.map((name) => [name, gl.getUniformLocation(program, name)])),
  };
}

function texture(gl: WebGLRenderingContext): WebGLTexture | null {
  const t = gl.createTexture();
  if (!t) return null;
  gl.bindTexture(gl.TEXTURE_2D, t);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return t;
}

/**
 * The WebGL preview, or null when the browser has no WebGL (or its shaders do not compile). The
 * drawing buffer is preserved so the picture can be read back (a screenshot, a test).
 */
export function createWebGlRenderer(canvas: HTMLCanvasElement): PreviewRenderer | null {
  const options: WebGLContextAttributes = {
    alpha: false,
    antialias: false,
    depth: false,
    stencil: false,
    premultipliedAlpha: false,
    preserveDrawingBuffer: true,
  };
  const gl = (canvas.getContext("webgl2", options) ?? canvas.getContext("webgl", options)) as
    | WebGLRenderingContext
    | WebGL2RenderingContext
    | null;
  if (!gl) return null;
  const plain = link(gl, PLAIN_FRAGMENT_SHADER, ["u_image"]);
  const keyed = link(gl, CHROMA_KEY_FRAGMENT_SHADER, ["u_image", "u_texel", "u_keyChroma", "u_similarity", "u_blend"]);
  const buffer = gl.createBuffer();
  const background = texture(gl);
  const memeTexture = texture(gl);
  const captionTexture = texture(gl);
  if (!plain || !keyed || !buffer || !background || !memeTexture || !captionTexture) return null;
  const textures = { background, meme: memeTexture, caption: captionTexture };

  const uploaded: { background: Drawable | null; caption: number } = { background: null, caption: -1 };
  const vertices = new Float32Array(16);

  const upload = (t: WebGLTexture, source: Drawable) => {
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
  };

  /** Draws texture `t` (its `crop`, in 0-1 texture units) into `rect` of the frame. */
  const quad = (p: Program, t: WebGLTexture, rect: GreenScreenRect, crop = { u0: 0, v0: 0, u1: 1, v1: 1 }) => {
    const F = GREEN_SCREEN_FRAME;
    const x0 = (rect.x / F.width) * 2 - 1;
    const x1 = ((rect.x + rect.width) / F.width) * 2 - 1;
    const y0 = 1 - (rect.y / F.height) * 2;
    const y1 = 1 - ((rect.y + rect.height) / F.height) * 2;
    vertices.set([
      x0,
      y0,
      crop.u0,
      crop.v0,
      x1,
      y0,
      crop.u1,
      crop.v0,
      x0,
      y1,
      crop.u0,
      crop.v1,
      x1,
      y1,
      crop.u1,
      crop.v1,
    ]);
    // biome-ignore lint/correctness/useHookAtTopLevel: a WebGL call, not a React hook
    gl.useProgram(p.program);
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, vertices, gl.DYNAMIC_DRAW);
    gl.enableVertexAttribArray(p.position);
    gl.vertexAttribPointer(p.position, 2, gl.FLOAT, false, 16, 0);
    gl.enableVertexAttribArray(p.uv);
    gl.vertexAttribPointer(p.uv, 2, gl.FLOAT, false, 16, 8);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.uniform1i(p.uniforms.u_image ?? null, 0);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  };

  const frameRect = { x: 0, y: 0, width: GREEN_SCREEN_FRAME.width, height: GREEN_SCREEN_FRAME.height };

  return {
    kind: "webgl",
    draw(scene) {
      gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
      gl.disable(gl.BLEND);
      gl.clearColor(EMPTY[0], EMPTY[1], EMPTY[2], 1);
      gl.clear(gl.COLOR_BUFFER_BIT);

      const bg = scene.background;
      if (bg && ready(bg.source)) {
        if (bg.source instanceof HTMLVideoElement || uploaded.background !== bg.source) {
          upload(textures.background, bg.source);
          uploaded.background = bg.source;
        }
        const crop = coverCrop(bg.width, bg.height, bg.push, bg.cropX);
        quad(plain, textures.background, frameRect, {
          u0: crop.x / bg.width,
          v0: crop.y / bg.height,
          u1: (crop.x + crop.width) / bg.width,
          v1: (crop.y + crop.height) / bg.height,
        });
      }

      const meme = scene.meme;
      if (meme && ready(meme.source)) {
        upload(textures.meme, meme.source);
        if (meme.key) {
          const key = keyUniforms(meme.key);
          // biome-ignore lint/correctness/useHookAtTopLevel: a WebGL call, not a React hook
          gl.useProgram(keyed.program);
          gl.uniform2f(keyed.uniforms.u_texel ?? null, 1 / meme.width, 1 / meme.height);
          gl.uniform2f(keyed.uniforms.u_keyChroma ?? null, key.keyChroma[0], key.keyChroma[1]);
          gl.uniform1f(keyed.uniforms.u_similarity ?? null, key.similarity);
          gl.uniform1f(keyed.uniforms.u_blend ?? null, key.blend);
          gl.enable(gl.BLEND);
          gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
          quad(keyed, textures.meme, meme.box);
          gl.disable(gl.BLEND);
        } else {
          quad(plain, textures.meme, meme.box);
        }
      }

      const caption = scene.caption;
      if (caption && ready(caption.source)) {
        if (uploaded.caption !== caption.version) {
          upload(textures.caption, caption.source);
          uploaded.caption = caption.version;
        }
        quad(plain, textures.caption, caption.band);
      }
    },
    dispose() {
      for (const t of Object.values(textures)) gl.deleteTexture(t);
      gl.deleteBuffer(buffer);
      gl.deleteProgram(plain.program);
      gl.deleteProgram(keyed.program);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 2D canvas

/** Whether two keys lift the same colours (the screen's colour and the ramp). */
export function sameKey(a: ScreenKey, b: ScreenKey): boolean {
  return a.u === b.u && a.v === b.v && a.similarity === b.similarity && a.blend === b.blend;
}

/** The 2D fallback keys a copy of the meme at most this many pixels wide. */
const FALLBACK_KEY_WIDTH = 240;

/** The 2D preview, or null when the browser has no 2D canvas either. */
export function createCanvasRenderer(canvas: HTMLCanvasElement): PreviewRenderer | null {
  const ctx = canvas.getContext("2d", { alpha: false });
  const scratch = document.createElement("canvas");
  const keyCtx = scratch.getContext("2d", { willReadFrequently: true });
  if (!ctx || !keyCtx) return null;
  // Each colour's alpha under `cachedKey`, worked out once; another key starts a new table.
  const alphaOf = new Map<number, number>();
  let cachedKey: ScreenKey | null = null;

  return {
    kind: "canvas",
    draw(scene) {
      const s = canvas.width / GREEN_SCREEN_FRAME.width;
      ctx.imageSmoothingEnabled = true;
      ctx.fillStyle = `rgb(${EMPTY.map((v) => Math.round(v * 255)).join(",")})`;
      ctx.fillRect(0, 0, canvas.width, canvas.height);

      const bg = scene.background;
      if (bg && ready(bg.source)) {
        const crop = coverCrop(bg.width, bg.height, bg.push, bg.cropX);
        ctx.drawImage(bg.source, crop.x, crop.y, crop.width, crop.height, 0, 0, canvas.width, canvas.height);
      }

      const meme = scene.meme;
      if (meme && ready(meme.source) && !meme.key) {
        ctx.drawImage(meme.source, meme.box.x * s, meme.box.y * s, meme.box.width * s, meme.box.height * s);
      } else if (meme?.key && ready(meme.source)) {
        const key = meme.key;
        if (!cachedKey || !sameKey(cachedKey, key)) {
          alphaOf.clear();
          cachedKey = key;
        }
        const w = Math.max(2, Math.min(FALLBACK_KEY_WIDTH, Math.round(meme.box.width * s)));
        const h = Math.max(2, Math.round((w * meme.height) / meme.width));
        if (scratch.width !== w || scratch.height !== h) {
          scratch.width = w;
          scratch.height = h;
        }
        keyCtx.drawImage(meme.source, 0, 0, w, h);
        const image = keyCtx.getImageData(0, 0, w, h);
        const px = image.data;
        for (let i = 0; i < px.length; i += 4) {
          const rgb = ((px[i] as number) << 16) | ((px[i + 1] as number) << 8) | (px[i + 2] as number);
          let alpha = alphaOf.get(rgb);
          if (alpha === undefined) {
            alpha = Math.floor(chromaKeyAlpha(px[i] as number, px[i + 1] as number, px[i + 2] as number, key) * 255);
            if (alphaOf.size < 200_000) alphaOf.set(rgb, alpha);
          }
          px[i + 3] = alpha;
        }
        keyCtx.putImageData(image, 0, 0);
        ctx.drawImage(scratch, meme.box.x * s, meme.box.y * s, meme.box.width * s, meme.box.height * s);
      }

      const caption = scene.caption;
      if (caption && ready(caption.source)) {
        ctx.drawImage(
          caption.source,
          caption.band.x * s,
          caption.band.y * s,
          caption.band.width * s,
          caption.band.height * s,
        );
      }
    },
    dispose() {
      scratch.width = 0;
      scratch.height = 0;
    },
  };
}
