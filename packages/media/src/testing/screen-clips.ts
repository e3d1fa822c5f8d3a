/**
 * Clips like the ones creators film for a green-screen meme, made with ffmpeg: a lit screen with grain and
 * a falloff toward the corners, and a subject (a skin-toned head over a red shirt) that sways and laughs
 * ("ha" beeps); or the same subject in front of a busy test picture, which has no screen at all.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const exec = promisify(execFile);

export type ScreenClipBackdrop = "green" | "blue" | "none";

/** The screens' colours: chroma-key green and blue as studios paint them (not #00FF00). */
export const SCREEN_CLIP_COLOURS = { green: "0x00B140", blue: "0x0047BB" } as const;

export async function makeScreenClip(
  path: string,
  options: { backdrop: ScreenClipBackdrop; seconds?: number; width?: number; height?: number; sound?: boolean },
): Promise<string> {
  const { backdrop, seconds = 3, width = 360, height = 640, sound = true } = options;
  const size = `${width}x${height}`;
  const screen =
    backdrop === "none"
      ? `testsrc2=s=${size}:r=30:d=${seconds}`
      : `color=c=${SCREEN_CLIP_COLOURS[backdrop]}:s=${size}:r=30:d=${seconds},noise=alls=7:allf=t,vignette=PI/9`;
  const w = (share: number) => Math.round(width * share);
  const h = (share: number) => Math.round(height * share);
  const sway = `${w(0.05)}*sin(2*PI*t/1.5)`;
  const subject = [
    // The shirt, then the head, swaying together.
    `drawbox=x='${w(0.28)}+${sway}':y=${h(0.62)}:w=${w(0.44)}:h=${h(0.38)}:color=0xC0392B:t=fill`,
    `drawbox=x='${w(0.38)}+${sway}':y=${h(0.4)}:w=${w(0.24)}:h=${h(0.22)}:color=0xE0AC8C:t=fill`,
    `drawbox=x='${w(0.43)}+${sway}':y=${h(0.47)}:w=${w(0.04)}:h=${h(0.02)}:color=0x202020:t=fill`,
    `drawbox=x='${w(0.53)}+${sway}':y=${h(0.47)}:w=${w(0.04)}:h=${h(0.02)}:color=0x202020:t=fill`,
  ].join(",");
  const audio = sound
    ? ["-f", "lavfi", "-i", `sine=f=520:d=${seconds},volume='if(lt(mod(t,0.5),0.18),0.6,0)':eval=frame`]
    : [];
  await exec("ffmpeg", [
    "-v",
    "error",
    "-nostdin",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `${screen},${subject},format=yuv420p`,
    ...audio,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "20",
    ...(sound ? ["-c:a", "aac", "-shortest"] : []),
    path,
  ]);
  return path;
}
