import { fileInputArgs } from "@reelsmith/media";
import { describe, expect, it } from "vitest";
import {
  buildLoudnessArgs,
  buildMixedAudioArgs,
  buildRenderArgs,
  DECODE_THREADS,
  duckGainExpr,
  filterThreadsFor,
  gainToTarget,
  speechIntervals,
} from "./compile.ts";
import { keyframeExpr } from "./expr.ts";
import { parseComposition } from "./schema.ts";

const ENCODE_TAIL = [
  "-c:v",
  "libx264",
  "-preset",
  "veryfast",
  "-crf",
  "21",
  "-profile:v",
  "high",
  "-g",
  "60",
  "-keyint_min",
  "15",
  "-force_key_frames",
  "expr:gte(t,n_forced*2)",
  "-pix_fmt",
  "yuv420p",
  "-colorspace",
  "bt709",
  "-color_primaries",
  "bt709",
  "-color_trc",
  "bt709",
  "-color_range",
  "tv",
  "-r",
  "30",
  "-c:a",
  "aac",
  "-b:a",
  "160k",
  "-ar",
  "48000",
  "-ac",
  "2",
];

/** What an input reading a file for its picture (with its decoder's threads), or for its sound, drops as it reads. */
const PICTURE_ONLY = ["-threads", String(DECODE_THREADS), "-an", "-sn", "-dn"];
const SOUND_ONLY = ["-vn", "-sn", "-dn"];

describe("buildRenderArgs", () => {
  it("asks x264 for a keyframe at least every 2 s, with scene cuts allowed in between", () => {
    const c = parseComposition({ duration: 20, layers: [{ kind: "color", color: "#102030" }] });
    for (const draft of [false, true]) {
      const { args } = buildRenderArgs(c, { output: "/out/v.mp4", draft });
      const value = (flag: string) => args[args.indexOf(flag) + 1];
      expect(Number(value("-g")) / 30).toBeLessThanOrEqual(2);
      expect(Number(value("-keyint_min"))).toBeGreaterThan(0);
      expect(Number(value("-keyint_min"))).toBeLessThan(Number(value("-g")));
      // Scene-cut detection stays on (x264's default): no -sc_threshold 0 or no-scenecut.
      expect(args.join(" ")).not.toMatch(/sc_threshold|scenecut/);
      // A scene cut restarts x264's GOP; keyframes forced on every 2 s keep the spacing a split render joins into.
      expect(value("-force_key_frames")).toBe("expr:gte(t,n_forced*2)");
    }
  });

  it("encodes with the machine's hardware encoder when given one, with the same GOP and the thumbnail untouched", () => {
    const c = parseComposition({ duration: 6, thumbnailAt: 1, layers: [{ kind: "video", src: "/m/bg.mp4" }] });
    const x264 = buildRenderArgs(c, { output: "/o.mp4", thumbnail: "/o.jpg", progress: false });
    expect(x264.args).toContain("libx264");
    const vaapi = buildRenderArgs(c, { output: "/o.mp4", thumbnail: "/o.jpg", progress: false, encoder: "h264_vaapi" });
    const args = vaapi.args;
    // The device is opened before the inputs, the picture uploaded at the end of its chain and mapped from there.
    expect(args.indexOf("-vaapi_device")).toBeLessThan(args.indexOf("-i"));
    expect(vaapi.filterGraph).toMatch(/\[vout\]format=nv12,hwupload\[venc\]/);
    expect(args.slice(args.indexOf("-filter_complex") + 2, args.indexOf("-filter_complex") + 4)).toEqual([
      "-map",
      "[venc]",
    ]);
    expect(args.join(" ")).toContain("-c:v h264_vaapi");
    expect(args[args.indexOf("-g") + 1]).toBe(x264.args[x264.args.indexOf("-g") + 1]);
    // The still is taken in software, as with libx264.
    expect(args.slice(args.lastIndexOf("-map"), args.lastIndexOf("-map") + 2)).toEqual(["-map", "[vthumb]"]);
    const nvenc = buildRenderArgs(c, { output: "/o.mp4", progress: false, encoder: "h264_nvenc" });
    // NVENC takes the frames as they are: the graph is libx264's.
    expect(nvenc.filterGraph).toBe(buildRenderArgs(c, { output: "/o.mp4", progress: false }).filterGraph);
    expect(nvenc.args.join(" ")).toContain("-c:v h264_nvenc");
  });

  it("loops a background to the length, mixes voice over ducked music and applies the measured gain", () => {
    const c = parseComposition({
      duration: 12.5,
      layers: [{ kind: "video", src: "/m/bg.mp4", loop: true }],
      audio: [
        { src: "/m/voice.wav", role: "voice", start: 0.2, duration: 9 },
        { src: "/m/music.mp3", role: "music", loop: true, duration: 12.5, volume: -8, fadeIn: 0.6, fadeOut: 1 },
      ],
      ducking: { enabled: true, amountDb: 9 },
    });
    const { args } = buildRenderArgs(c, {
      output: "/out/v.mp4",
      subtitles: { path: "/w/captions.ass", fontsDir: "/w/fonts" },
      gainDb: 1.25,
    });
    expect(args).toEqual([
      "-hide_banner",
      "-nostdin",
      "-y",
      "-loglevel",
      "warning",
      "-progress",
      "pipe:1",
      "-nostats",
      "-stream_loop",
      "-1",
      "-t",
      "12.5",
      ...PICTURE_ONLY,
      ...fileInputArgs("/m/bg.mp4"),
      "-t",
      "9",
      ...SOUND_ONLY,
      ...fileInputArgs("/m/voice.wav"),
      "-t",
      "12.5",
      ...SOUND_ONLY,
      ...fileInputArgs("/m/music.mp3"),
      "-filter_complex",
      [
        "[0:v]setpts=(PTS-STARTPTS),fps=30,scale=1080:1920:force_original_aspect_ratio=increase:out_color_matrix=bt709,crop=1080:1920,setsar=1,trim=end=12.5,format=yuv420p[base0]",
        "[base0]ass=filename=/w/captions.ass:fontsdir=/w/fonts,setsar=1,format=yuv420p[vout]",
        "[1:a]asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,adelay=delays=200:all=1[a1]",
        // The music is decoded once and repeated sample for sample, to the very end, fading out over the last second.
        "[2:a]asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,aloop=loop=-1:size=600000,atrim=duration=12.5,volume=-8dB,afade=t=in:st=0:d=0.6:curve=qsin,afade=t=out:st=11.5:d=1:curve=qsin[a2]",
        // 9 dB down while the voice speaks (0.2-9.2 s), with 150 ms ramps, in 256-sample steps.
        "[a2]asetnsamples=n=256:p=0,volume=volume='pow(10,-0.45*(clip(min((t-0.05)/0.15,(9.35-t)/0.15),0,1)))':eval=frame[duck3]",
        "[a1][duck3]amix=inputs=2:duration=longest:normalize=0[mix4]",
        "[mix4]apad=whole_dur=12.5,atrim=duration=12.5[mixed5]",
        "[mixed5]volume=1.25dB,aresample=192000,alimiter=limit=0.794:attack=5:release=50:level=false,aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[aout]",
      ].join(";"),
      "-map",
      "[vout]",
      "-map",
      "[aout]",
      ...ENCODE_TAIL,
      "-t",
      "12.5",
      "-movflags",
      "+faststart",
      "/out/v.mp4",
    ]);
  });

  it("keys a meme over a colour backdrop, places a timed image and writes a thumbnail from the same process", () => {
    const c = parseComposition({
      duration: 4,
      background: "#102030",
      layers: [
        {
          kind: "video",
          src: "/m/meme.mp4",
          fit: "contain",
          box: { x: 0, y: 600, width: 1080, height: 1080 },
          chromaKey: {},
        },
        {
          kind: "image",
          src: "/m/card.png",
          fit: "contain",
          start: 1,
          end: 3,
          box: { x: 40, y: 400, width: 1000, height: 600 },
        },
      ],
      thumbnailAt: 1.5,
    });
    const { args, filterGraph } = buildRenderArgs(c, { output: "/o.mp4", thumbnail: "/o.jpg", progress: false });
    expect(filterGraph.split(";")).toEqual([
      "color=c=0x102030:s=1080x1920:r=30:d=4[base0]",
      "[0:v]setpts=(PTS-STARTPTS),fps=30,format=yuva420p,chromakey=color=0x00FF00:similarity=0.18:blend=0.12,format=rgba,despill=type=green:mix=0.6:expand=0.1:alpha=0,scale=1080:1080:force_original_aspect_ratio=decrease:force_divisible_by=2:out_color_matrix=bt709,setsar=1[l1]",
      "[base0][l1]overlay=x='0+(1080-w)/2':y='600+(1080-h)/2':eof_action=pass[v2]",
      "[1:v]scale=1000:600:force_original_aspect_ratio=decrease:force_divisible_by=2:out_color_matrix=bt709,setsar=1,format=yuva420p[l3]",
      "[v2][l3]overlay=x='40+(1000-w)/2':y='400+(600-h)/2':eof_action=repeat:enable='between(t,0.983,2.983)'[v4]",
      "[v4]setsar=1,format=yuv420p,split=2[vout][vthumb_in]",
      "[vthumb_in]trim=start_frame=45:end_frame=46,scale=out_range=full:out_color_matrix=bt709,format=yuvj420p[vthumb]",
      "anullsrc=r=48000:cl=stereo[silence5]",
      "[silence5]apad=whole_dur=4,atrim=duration=4[mixed6]",
      "[mixed6]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[aout]",
    ]);
    expect(args.slice(0, 7 + PICTURE_ONLY.length + fileInputArgs("/m/meme.mp4").length)).toEqual([
      "-hide_banner",
      "-nostdin",
      "-y",
      "-loglevel",
      "warning",
      "-t",
      "4",
      ...PICTURE_ONLY,
      ...fileInputArgs("/m/meme.mp4"),
    ]);
    expect(args.slice(-10)).toEqual([
      "/o.mp4",
      "-map",
      "[vthumb]",
      "-frames:v",
      "1",
      "-q:v",
      "3",
      "-update",
      "1",
      "/o.jpg",
    ]);
  });

  it("animates an object layer with eased keyframes and fades it", () => {
    const c = parseComposition({
      duration: 3,
      layers: [
        { kind: "color", color: "#000000" },
        {
          kind: "image",
          src: "/p.png",
          fit: "contain",
          start: 0.5,
          end: 2.5,
          fadeOut: 0.25,
          box: { x: 100, y: 200, width: 800, height: 800 },
          motion: {
            mode: "object",
            easing: "linear",
            keyframes: [
              { t: 0, scale: 0.5 },
              { t: 1, scale: 1, x: 50 },
            ],
          },
        },
      ],
    });
    const chains = buildRenderArgs(c, { output: "/o.mp4", progress: false }).filterGraph.split(";");
    const s = "if(lt(t,0.5),0.5,if(lt(t,1.5),0.5+0.5*(t-0.5)/1,1))";
    const x = "if(lt(t,0.5),0,if(lt(t,1.5),0+50*(t-0.5)/1,50))";
    expect(chains.slice(0, 3)).toEqual([
      "color=c=0x000000:s=1080x1920:r=30:d=3,format=yuv420p[base0]",
      `[0:v]scale=800:800:force_original_aspect_ratio=decrease:force_divisible_by=2:out_color_matrix=bt709,setsar=1,format=yuva420p,pad=800:800:(ow-iw)/2:(oh-ih)/2:color=black@0,loop=loop=59:size=1:start=0,settb=1/30,setpts=N+15,scale=w='2*trunc(800*(${s})/2)':h='2*trunc(800*(${s})/2)':eval=frame:flags=bilinear,fade=t=out:st=2.25:d=0.25:alpha=1[l1]`,
      `[base0][l1]overlay=x='100+(800-800*(${s}))/2+(${x})':y='200+(800-800*(${s}))/2+(0)':eof_action=pass:enable='between(t,0.483,2.483)'[v2]`,
    ]);
  });

  it("sweeps a band of light across a picture's opaque pixels only, while the picture moves", () => {
    const c = parseComposition({
      duration: 3,
      layers: [
        { kind: "color", color: "#000000" },
        {
          kind: "image",
          src: "/cutout.png",
          fit: "contain",
          start: 1,
          end: 3,
          box: { x: 100, y: 200, width: 400, height: 800 },
          sheen: { start: 0.5, duration: 1, color: "#FFF4E0", strength: 0.6, width: 0.5, angle: 0 },
          motion: { mode: "object", easing: "linear", keyframes: [{ t: 0 }, { t: 2, scale: 1.1 }] },
        },
      ],
    });
    const chains = buildRenderArgs(c, { output: "/o.mp4", progress: false }).filterGraph.split(";");
    const s = "if(lt(t,1),1,if(lt(t,3),1+0.1*(t-1)/2,1.1))";
    const line = "(X-160-(400-Y)*0)/50";
    expect(chains.slice(1, 6)).toEqual([
      // The picture, fitted and repeated for its 2 s, split in two...
      "[0:v]scale=400:800:force_original_aspect_ratio=decrease:force_divisible_by=2:out_color_matrix=bt709,setsar=1,format=yuva420p,pad=400:800:(ow-iw)/2:(oh-ih)/2:color=black@0,loop=loop=59:size=1:start=0,settb=1/30,setpts=N+30,format=yuva420p,split=2[sp1][ss6]",
      // ...its alpha kept aside...
      "[ss6]alphaextract[sa2]",
      // ...a soft band drawn once (200 px wide, the core half the picture) and repeated...
      `color=c=black:s=320x800:r=30,trim=end_frame=1,format=rgba,geq=r=255:g=244:b=224:a='153*exp(-(${line})*(${line}))',loop=loop=59:size=1:start=0,settb=1/30,setpts=N+30[sb3]`,
      // ...laid over the picture from left to right while it crosses (1.5-2.5 s)...
      "[sp1][sb3]overlay=x='-w+(W+w)*clip((t-1.5)/1,0,1)':y=0:eof_action=pass:enable='between(t,1.5,2.5)'[sl4]",
      // ...and the picture's own alpha put back, then it moves as any object layer.
      "[sl4][sa2]alphamerge[sm5]",
    ]);
    expect(chains[6]).toBe(
      `[sm5]scale=w='2*trunc(400*(${s})/2)':h='2*trunc(800*(${s})/2)':eval=frame:flags=bilinear[l7]`,
    );
  });

  it("bounds the threads: two for each clip's decoder, at most four for the filters however many cores", () => {
    expect([1, 2, 3, 4, 16, 64].map(filterThreadsFor)).toEqual([1, 2, 3, 4, 4, 4]);
    const c = parseComposition({ duration: 4, layers: [{ kind: "video", src: "/m/a.mp4" }] });
    const plain = buildRenderArgs(c, { output: "/o.mp4" }).args;
    expect(plain).not.toContain("-filter_complex_threads");
    const { args } = buildRenderArgs(c, { output: "/o.mp4", filterThreads: filterThreadsFor(16) });
    expect(args.slice(args.indexOf("-filter_complex") - 2, args.indexOf("-filter_complex"))).toEqual([
      "-filter_complex_threads",
      "4",
    ]);
    expect(args.slice(args.indexOf("-threads"), args.indexOf("-threads") + 2)).toEqual(["-threads", "2"]);
    // The encoder's threads are left to x264: one flag for the decoder, none after the output's codec.
    expect(args.filter((a) => a === "-threads")).toHaveLength(1);
  });

  it("renders the same layout at 720x1280 for a draft", () => {
    const c = parseComposition({
      duration: 2,
      layers: [
        { kind: "video", src: "/bg.mp4" },
        { kind: "image", src: "/c.png", box: { x: 40, y: 420, width: 1000, height: 880 } },
      ],
    });
    const { filterGraph, width, height } = buildRenderArgs(c, { output: "/o.mp4", draft: true });
    expect([width, height]).toEqual([720, 1280]);
    expect(filterGraph).toContain("scale=720:1280:force_original_aspect_ratio=increase");
    expect(filterGraph).toContain("scale=666:586:force_original_aspect_ratio=increase");
    expect(filterGraph).toContain("overlay=x=27:y=280:eof_action=repeat");
  });

  it("refuses layers that must be drawn first", () => {
    const c = parseComposition({
      duration: 2,
      layers: [{ kind: "text", text: "hi", box: { x: 0, y: 0, width: 500, height: 200 } }],
    });
    expect(() => buildRenderArgs(c, { output: "/o.mp4" })).toThrow(/drawn by prepareComposition/);
  });
});

describe("ducking", () => {
  const words = (times: [number, number][]) => times.map(([start, end], i) => ({ text: `w${i}`, start, end }));

  it("finds speech from the voice layers, narrowed to the captioned words, and closes pauses under a second", () => {
    const c = parseComposition({
      duration: 30,
      audio: [
        // A title read without captions: its whole span counts.
        { src: "/title.wav", role: "voice", start: 0.5, duration: 2 },
        // The story, captioned: a 0.6 s pause stays ducked, a 1.5 s pause lets the music up.
        { src: "/story.wav", role: "voice", start: 3, duration: 20 },
        { src: "/music.mp3", role: "music", loop: true },
      ],
      captions: {
        style: "shadow",
        words: words([
          [3.1, 4],
          [4.6, 6],
          [7.5, 9],
          [9.2, 22.5],
        ]),
      },
    });
    expect(speechIntervals(c)).toEqual([
      { start: 0.5, end: 6 },
      { start: 7.5, end: 22.5 },
    ]);
    // A voice of unknown length speaks to the end of the video.
    expect(
      speechIntervals(parseComposition({ duration: 10, audio: [{ src: "/v.wav", role: "voice", start: 4 }] })),
    ).toEqual([{ start: 4, end: 10 }]);
  });

  it("ducks by a gain envelope of the speech, not by a compressor keyed on the voice", () => {
    expect(
      duckGainExpr(
        [
          { start: 1, end: 4 },
          { start: 6, end: 8.5 },
        ],
        12,
      ),
    ).toBe("pow(10,-0.6*(clip(min((t-0.85)/0.15,(4.15-t)/0.15),0,1)+clip(min((t-5.85)/0.15,(8.65-t)/0.15),0,1)))");
    const c = parseComposition({
      duration: 8,
      audio: [
        { src: "/v.wav", role: "voice", start: 1, duration: 5 },
        { src: "/m.mp3", role: "music", loop: true },
      ],
    });
    const graph = buildRenderArgs(c, { output: "/o.mp4" }).filterGraph;
    expect(graph).not.toContain("sidechaincompress");
    expect(graph).toContain("volume=volume='pow(10,-0.5*(clip(min((t-0.85)/0.15,(6.15-t)/0.15),0,1)))':eval=frame");
    const off = buildRenderArgs({ ...c, ducking: { enabled: false, amountDb: 10 } }, { output: "/o.mp4" }).filterGraph;
    expect(off).not.toContain("eval=frame");
  });

  it("loops a bed without the source's seam: no -stream_loop, aloop over the decoded samples", () => {
    const c = parseComposition({ duration: 20, audio: [{ src: "/m.m4a", role: "ambient", loop: true, fadeOut: 1 }] });
    const { args, filterGraph } = buildRenderArgs(c, { output: "/o.mp4", gainDb: 0 });
    expect(args).not.toContain("-stream_loop");
    expect(filterGraph).toContain("aloop=loop=-1:size=960000,atrim=duration=20");
    expect(filterGraph).toContain("afade=t=out:st=19:d=1:curve=qsin");
  });

  it("reads a file's picture and each placing of its sound as inputs of their own, each dropping the other streams", () => {
    const hit = { src: "/meme.mp4", role: "voice" as const, trimStart: 0.1, duration: 1.3 };
    const c = parseComposition({
      duration: 6,
      layers: [{ kind: "video", src: "/meme.mp4", trimStart: 0.1 }],
      audio: [
        { ...hit, start: 0.1 },
        { ...hit, start: 3.1 },
      ],
    });
    const { args, filterGraph } = buildRenderArgs(c, { output: "/o.mp4", gainDb: 0 });
    // Read together, the sound (needed from the start) would pull every picture of the file into memory ahead of
    // the overlay that shows it: each input reads one kind of stream, so each is read only as its chain asks.
    const file = fileInputArgs("/meme.mp4").join(" ");
    const line = args.join(" ");
    const count = (only: string[]) => line.split(`-ss 0.1 -t 1.3 ${only.join(" ")} ${file}`).length - 1;
    expect(count(PICTURE_ONLY)).toBe(0);
    expect(args.filter((a) => a === "-i")).toHaveLength(3);
    expect(line.split(`-ss 0.1 -t 6 ${PICTURE_ONLY.join(" ")} ${file}`)).toHaveLength(2);
    expect(count(SOUND_ONLY)).toBe(2);
    for (const stream of ["0:v", "1:a", "2:a"]) {
      expect(filterGraph.split(`[${stream}]`).length - 1).toBe(1);
    }
    expect(filterGraph).not.toContain("[0:a]");
    expect(filterGraph).toContain("adelay=delays=3100:all=1");
  });
});

describe("split renders", () => {
  const c = parseComposition({
    duration: 12.5,
    thumbnailAt: 3,
    layers: [{ kind: "video", src: "/m/bg.mp4", loop: true }],
    audio: [{ src: "/m/voice.wav", role: "voice", duration: 9 }],
  });
  const subtitles = { path: "/w/captions.ass", fontsDir: "/w/fonts" };

  it("encodes a window's picture alone: the whole graph, cut at the end of the picture's chain", () => {
    const whole = buildRenderArgs(c, { output: "/o.mp4", subtitles, thumbnail: "/o.jpg", gainDb: 1.25 });
    const { args, filterGraph } = buildRenderArgs(c, {
      output: "/w/s1.mp4",
      subtitles,
      thumbnail: "/o.jpg",
      gainDb: 1.25,
      window: { start: 4, end: 8 },
    });
    // The background's chain is the whole render's; the cut comes after the captions.
    expect(filterGraph.split(";")).toEqual([
      whole.filterGraph.split(";")[0],
      "[base0]ass=filename=/w/captions.ass:fontsdir=/w/fonts,setsar=1,format=yuv420p,trim=start=4:end=8,setpts=PTS-STARTPTS[vout]",
    ]);
    // No sound read or mapped, no still: the mix is made once for the whole video.
    expect(args).not.toContain("/m/voice.wav");
    expect(args.filter((a) => a === "-map")).toEqual(["-map"]);
    expect(args.join(" ")).not.toMatch(/-c:a|\.jpg/);
    const encode = ENCODE_TAIL.slice(0, ENCODE_TAIL.indexOf("-c:a"));
    expect(args.slice(args.indexOf("-c:v"))).toEqual([...encode, "-t", "4", "-movflags", "+faststart", "/w/s1.mp4"]);
    // The last window ends with the video.
    const last = buildRenderArgs(c, { output: "/w/s3.mp4", window: { start: 12, end: 12.5 } }).args;
    expect(last.slice(last.lastIndexOf("-t"), last.lastIndexOf("-t") + 2)).toEqual(["-t", "0.5"]);
  });

  it("refuses a window that does not start on a forced keyframe inside the video", () => {
    for (const window of [
      { start: 3, end: 5 },
      { start: 4, end: 4 },
      { start: 14, end: 16 },
      { start: -2, end: 2 },
    ]) {
      expect(() => buildRenderArgs(c, { output: "/o.mp4", window })).toThrow(RangeError);
    }
  });

  it("mixes the whole sound once, with the full render's loudness stage, to AAC", () => {
    const whole = buildRenderArgs(c, { output: "/o.mp4", gainDb: 1.25 });
    const args = buildMixedAudioArgs(c, { output: "/w/audio.m4a", gainDb: 1.25 });
    const loudness = (graph: string) =>
      graph
        .split(";")
        .at(-1)
        ?.replace(/^\[\w+\]/, "");
    expect(loudness(args[args.indexOf("-filter_complex") + 1] as string)).toBe(loudness(whole.filterGraph));
    expect(args).toEqual([
      "-hide_banner",
      "-nostdin",
      "-nostats",
      "-t",
      "9",
      ...SOUND_ONLY,
      ...fileInputArgs("/m/voice.wav"),
      "-filter_complex",
      [
        "[0:a]asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a0]",
        "[a0]apad=whole_dur=12.5,atrim=duration=12.5[mixed1]",
        "[mixed1]volume=1.25dB,aresample=192000,alimiter=limit=0.794:attack=5:release=50:level=false,aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[aout]",
      ].join(";"),
      "-map",
      "[aout]",
      "-y",
      "-loglevel",
      "warning",
      ...ENCODE_TAIL.slice(ENCODE_TAIL.indexOf("-c:a")),
      "-t",
      "12.5",
      "-movflags",
      "+faststart",
      "/w/audio.m4a",
    ]);
  });
});

describe("buildLoudnessArgs", () => {
  it("measures the same mix with ebur128 and writes no file", () => {
    const c = parseComposition({ duration: 3, audio: [{ src: "/s.mp3", role: "music", trimStart: 2, duration: 3 }] });
    expect(buildLoudnessArgs(c)).toEqual([
      "-hide_banner",
      "-nostdin",
      "-nostats",
      "-ss",
      "2",
      "-t",
      "3",
      ...SOUND_ONLY,
      ...fileInputArgs("/s.mp3"),
      "-filter_complex",
      "[0:a]asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a0];[a0]apad=whole_dur=3,atrim=duration=3[mixed1];[mixed1]ebur128=framelog=verbose[measured]",
      "-map",
      "[measured]",
      "-f",
      "null",
      "-",
    ]);
  });
  it("turns a measurement into a bounded gain", () => {
    expect(gainToTarget(-20.5, -14)).toBe(6.5);
    expect(gainToTarget(-70, -14)).toBe(0);
    expect(gainToTarget(-50, -14)).toBe(24);
  });
});

describe("keyframeExpr", () => {
  it("holds before the first and after the last key and eases between", () => {
    expect(keyframeExpr([{ t: 0, scale: 2, x: 0, y: 0 }], (k) => k.scale, "linear")).toBe("2");
    expect(
      keyframeExpr(
        [
          { t: 0, scale: 1, x: 0, y: 0 },
          { t: 2, scale: 1.5, x: 0, y: 0 },
        ],
        (k) => k.scale,
        "ease-in-out",
        1,
      ),
    ).toBe("if(lt(t,1),1,if(lt(t,3),1+0.5*((t-1)/2)*((t-1)/2)*(3-2*((t-1)/2)),1.5))");
  });
});

describe("parseComposition", () => {
  it("names every problem at once", () => {
    expect(() =>
      parseComposition({
        duration: 2,
        layers: [{ kind: "video", src: "/a.mp4", start: 3 }],
        audio: [{ src: "/b.mp3", role: "music", loop: true, trimStart: 1 }],
      }),
    ).toThrow(/layers\.0\.end[\s\S]*layers\.0\.start[\s\S]*audio\.0\.trimStart/);
  });
});
