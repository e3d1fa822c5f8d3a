/**
 * Crafted files that lie, made with ffmpeg and a few patched bytes: each one reproduces a way an upload once
 * hurt the studio. Made into `dir` once per test file.
 */
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { deflateSync } from "node:zlib";

const exec = promisify(execFile);
const ffmpeg = (...args: string[]) => exec("ffmpeg", ["-v", "error", "-nostdin", "-y", ...args]);

export interface HostileFiles {
  /** An MP3 whose Xing header says about 5 s, holding 700 s of sound (the header's byte count matches the file). */
  lyingMp3: string;
  /** An MP4 whose headers (mvhd, tkhd, mdhd) say 3 s, holding 40 s of video. */
  lyingMp4: string;
  /** An ID3 tag followed by an HLS playlist naming another local file. */
  id3Hls: string;
  /** An ID3 tag followed by a DASH manifest naming another local file. */
  id3Dash: string;
  /** An MP4 whose compressed movie header claims to unpack to 2 GB. */
  cmovBomb: string;
  /** A 20-minute MP3 (a song twice as long as any taken). */
  longMp3: string;
  /** A video with no sound track. */
  silentMp4: string;
  truncatedPng: string;
  truncatedJpeg: string;
  /** Text saved under a picture's name. */
  textAsPng: string;
  /** The file the playlists point at (another user's voice-over, say). */
  secret: string;
  /** Honest files of each kind. */
  goodMp3: string;
  goodMp4: string;
  goodPng: string;
}

const box = (type: string, payload: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, payload]);
};

/** Sets the duration field of every version-0 `mvhd`, `mdhd` and `tkhd` box to `seconds`. */
function patchMp4Duration(bytes: Buffer, seconds: number): Buffer {
  const out = Buffer.from(bytes);
  const movieScale = out.readUInt32BE(out.indexOf("mvhd") + 16);
  for (const [type, scaleAt, durationAt] of [
    ["mvhd", 16, 20],
    ["mdhd", 16, 20],
  ] as const) {
    for (let i = out.indexOf(type); i >= 0; i = out.indexOf(type, i + 4)) {
      out.writeUInt32BE(out.readUInt32BE(i + scaleAt) * seconds, i + durationAt);
    }
  }
  for (let i = out.indexOf("tkhd"); i >= 0; i = out.indexOf("tkhd", i + 4))
    out.writeUInt32BE(movieScale * seconds, i + 24);
  return out;
}

export async function makeHostileFiles(dir: string): Promise<HostileFiles> {
  const f = (name: string) => join(dir, name);
  const files: HostileFiles = {
    lyingMp3: f("lying.mp3"),
    lyingMp4: f("lying.mp4"),
    id3Hls: f("playlist.mp3"),
    id3Dash: f("manifest.mp3"),
    cmovBomb: f("cmov.mp4"),
    longMp3: f("long.mp3"),
    silentMp4: f("silent.mp4"),
    truncatedPng: f("truncated.png"),
    truncatedJpeg: f("truncated.jpg"),
    textAsPng: f("notes.png"),
    secret: f("secret.mp3"),
    goodMp3: f("good.mp3"),
    goodMp4: f("good.mp4"),
    goodPng: f("good.png"),
  };
  const head = f("head.mp3");
  const tail = f("tail.mp3");
  await Promise.all([
    ffmpeg("-f", "lavfi", "-i", "sine=f=440:d=5:r=8000", "-ac", "1", "-b:a", "8k", head),
    ffmpeg(
      "-f",
      "lavfi",
      "-i",
      "sine=f=300:d=700:r=8000",
      "-ac",
      "1",
      "-b:a",
      "8k",
      "-write_xing",
      "0",
      "-id3v2_version",
      "0",
      tail,
    ),
    ffmpeg("-f", "lavfi", "-i", "sine=f=220:d=1200:r=8000", "-ac", "1", "-b:a", "8k", files.longMp3),
    ffmpeg("-f", "lavfi", "-i", "sine=f=660:d=3", files.secret),
    ffmpeg("-f", "lavfi", "-i", "sine=f=500:d=4", files.goodMp3),
    ffmpeg(
      "-f",
      "lavfi",
      "-i",
      "testsrc2=s=160x120:r=10:d=40",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-movflags",
      "+faststart",
      f("long.mp4"),
    ),
    ffmpeg(
      "-f",
      "lavfi",
      "-i",
      "testsrc2=s=160x284:r=10:d=4",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      files.silentMp4,
    ),
    ffmpeg(
      "-f",
      "lavfi",
      "-i",
      "testsrc2=s=160x284:r=10:d=4",
      "-f",
      "lavfi",
      "-i",
      "sine=d=4",
      "-shortest",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-c:a",
      "aac",
      files.goodMp4,
    ),
    ffmpeg("-f", "lavfi", "-i", "testsrc2=s=640x480", "-frames:v", "1", files.goodPng),
    ffmpeg("-f", "lavfi", "-i", "testsrc2=s=640x480", "-frames:v", "1", f("whole.jpg")),
  ]);
  // The Xing header counts 5 s of frames; its byte count is set to the whole file so ffmpeg believes it.
  const mp3 = Buffer.concat([await readFile(head), await readFile(tail)]);
  const xing = mp3.indexOf("Xing") >= 0 ? mp3.indexOf("Xing") : mp3.indexOf("Info");
  if (xing >= 0 && mp3.readUInt32BE(xing + 4) & 2) mp3.writeUInt32BE(mp3.length, xing + 12);
  await writeFile(files.lyingMp3, mp3);
  await writeFile(files.lyingMp4, patchMp4Duration(await readFile(f("long.mp4")), 3));
  const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  await writeFile(
    files.id3Hls,
    Buffer.concat([
      id3,
      Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\nfile:${files.secret}\n#EXT-X-ENDLIST\n`),
    ]),
  );
  await writeFile(
    files.id3Dash,
    Buffer.concat([
      id3,
      Buffer.from(
        `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT3S"><Period><AdaptationSet><Representation id="a" bandwidth="1" mimeType="audio/mpeg"><BaseURL>file:${files.secret}</BaseURL></Representation></AdaptationSet></Period></MPD>`,
      ),
    ]),
  );
  // ftyp, then a moov holding only a cmov whose cmvd says it unpacks to 2 GB.
  const claimed = Buffer.alloc(4);
  claimed.writeUInt32BE(0x7ffffff0, 0);
  const cmov = box(
    "cmov",
    Buffer.concat([
      box("dcom", Buffer.from("zlib")),
      box("cmvd", Buffer.concat([claimed, deflateSync(Buffer.alloc(100_000))])),
    ]),
  );
  const ftyp = box(
    "ftyp",
    Buffer.concat([Buffer.from("isom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2mp41")]),
  );
  await writeFile(files.cmovBomb, Buffer.concat([ftyp, box("moov", cmov), Buffer.alloc(2 * 1024 * 1024)]));
  const png = await readFile(files.goodPng);
  await writeFile(files.truncatedPng, png.subarray(0, Math.floor(png.length * 0.6)));
  const jpeg = await readFile(f("whole.jpg"));
  await writeFile(files.truncatedJpeg, jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
  await writeFile(files.textAsPng, "These are my notes, not a picture.\n");
  return files;
}
