import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  canEncodeWith,
  DEFAULT_VAAPI_DEVICE,
  encoderArgs,
  HARDWARE_ENCODERS,
  selectVideoEncoder,
  type VideoEncoder,
  videoEncoderChoice,
} from "./encoders.ts";
import { H264_PRESETS, h264Args } from "./presets.ts";

const FINAL = { ...H264_PRESETS.final, gop: 60, keyintMin: 30 };

describe("VIDEO_ENCODER", () => {
  it("is auto unless set, takes each encoder by name, and refuses anything else with the values it takes", () => {
    expect(videoEncoderChoice({})).toBe("auto");
    expect(videoEncoderChoice({ VIDEO_ENCODER: " " })).toBe("auto");
    for (const name of ["libx264", "h264_nvenc", "h264_qsv", "h264_vaapi"]) {
      expect(videoEncoderChoice({ VIDEO_ENCODER: name })).toBe(name);
    }
    expect(() => videoEncoderChoice({ VIDEO_ENCODER: "nvenc" })).toThrow(/auto, libx264, h264_nvenc/);
  });
});

describe("encoder arguments", () => {
  it("keeps libx264's exactly as the product's H.264 settings", () => {
    expect(encoderArgs("libx264", FINAL)).toEqual({ global: [], filters: [], output: h264Args(FINAL) });
  });

  it("gives each hardware encoder the same GOP, profile and BT.709 tags at the matched quality", () => {
    for (const encoder of HARDWARE_ENCODERS) {
      const { output } = encoderArgs(encoder, FINAL);
      expect(output.slice(0, 2)).toEqual(["-c:v", encoder]);
      expect(output.join(" ")).toContain("-profile:v high -g 60");
      expect(output.join(" ")).toContain("-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv");
    }
    expect(encoderArgs("h264_nvenc", FINAL).output.join(" ")).toContain("-preset p4 -tune hq -rc vbr -cq 23 -b:v 0");
    expect(encoderArgs("h264_nvenc", H264_PRESETS.draft).output.join(" ")).toContain("-preset p1");
    expect(encoderArgs("h264_qsv", FINAL).output.join(" ")).toContain("-global_quality 23");
    expect(encoderArgs("h264_vaapi", FINAL).output.join(" ")).toContain("-rc_mode CQP -qp 23");
  });

  it("forces keyframes on a time grid as IDR frames with every encoder", () => {
    const grid = { ...FINAL, keyframeEveryS: 2 };
    expect(h264Args(grid).join(" ")).toContain("-keyint_min 30 -force_key_frames expr:gte(t,n_forced*2)");
    expect(encoderArgs("h264_nvenc", grid).output.join(" ")).toContain(
      "-g 60 -force_key_frames expr:gte(t,n_forced*2) -forced-idr 1",
    );
    expect(encoderArgs("h264_qsv", grid).output.join(" ")).toContain(
      "-g 60 -force_key_frames expr:gte(t,n_forced*2) -forced_idr 1",
    );
    expect(encoderArgs("h264_vaapi", grid).output.join(" ")).toContain(
      "-g 60 -force_key_frames expr:gte(t,n_forced*2)",
    );
    for (const encoder of ["libx264", ...HARDWARE_ENCODERS] as const) {
      expect(encoderArgs(encoder, FINAL).output.join(" ")).not.toMatch(/force|forced/);
    }
  });

  it("uploads VA-API's frames to the device it opens (VAAPI_DEVICE or the first render node)", () => {
    expect(encoderArgs("h264_vaapi", FINAL, {})).toMatchObject({
      global: ["-vaapi_device", DEFAULT_VAAPI_DEVICE],
      filters: ["format=nv12", "hwupload"],
    });
    expect(encoderArgs("h264_vaapi", FINAL, { VAAPI_DEVICE: "/dev/dri/renderD129" }).global).toEqual([
      "-vaapi_device",
      "/dev/dri/renderD129",
    ]);
  });
});

describe("choosing the encoder", () => {
  const only =
    (...usable: VideoEncoder[]) =>
    async (encoder: VideoEncoder) =>
      usable.includes(encoder);

  it("takes libx264 without a test when asked for it", async () => {
    let tested = 0;
    const selection = await selectVideoEncoder("libx264", async () => {
      tested += 1;
      return true;
    });
    expect(selection).toEqual({ requested: "libx264", encoder: "libx264", tried: [] });
    expect(tested).toBe(0);
  });

  it("auto: the first hardware encoder that passes its test, else libx264", async () => {
    expect(await selectVideoEncoder("auto", only("h264_qsv", "h264_vaapi"))).toEqual({
      requested: "auto",
      encoder: "h264_qsv",
      tried: [
        { encoder: "h264_nvenc", usable: false },
        { encoder: "h264_qsv", usable: true },
      ],
    });
    expect(await selectVideoEncoder("auto", only())).toMatchObject({
      encoder: "libx264",
      tried: HARDWARE_ENCODERS.map((encoder) => ({ encoder, usable: false })),
    });
  });

  it("falls back to libx264 when the named hardware encoder fails its test", async () => {
    expect(await selectVideoEncoder("h264_nvenc", only())).toEqual({
      requested: "h264_nvenc",
      encoder: "libx264",
      tried: [{ encoder: "h264_nvenc", usable: false }],
    });
    expect((await selectVideoEncoder("h264_vaapi", only("h264_vaapi"))).encoder).toBe("h264_vaapi");
  });
});

describe("test encodes on this machine", () => {
  it("encode a frame with libx264", async () => {
    expect(await canEncodeWith("libx264")).toBe(true);
  });
  // The hardware paths run where the machine has the hardware; elsewhere only their refusal is checked.
  const nvidia = existsSync("/dev/nvidia0");
  const vaapi = existsSync(DEFAULT_VAAPI_DEVICE);
  it.skipIf(!nvidia)("encode a frame with NVENC on an NVIDIA machine", async () => {
    expect(await canEncodeWith("h264_nvenc")).toBe(true);
  });
  it.skipIf(!vaapi)("encode a frame with VA-API where a render node exists", async () => {
    expect(await canEncodeWith("h264_vaapi")).toBe(true);
  });
  it.skipIf(nvidia || vaapi)("report the hardware encoders unusable on a machine without them", async () => {
    expect(await canEncodeWith("h264_nvenc")).toBe(false);
    expect(await canEncodeWith("h264_vaapi")).toBe(false);
  });
});
