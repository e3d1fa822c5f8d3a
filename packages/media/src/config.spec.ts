import { describe, expect, it } from "vitest";
import { defaultEncodeMemoryMb, mediaConfig } from "./config.ts";

const MB = 1024 * 1024;

describe("mediaConfig", () => {
  it("gives an encode 4 GB of address space, more on machines whose encoder starts more threads", () => {
    expect([1, 2, 8, 10].map(defaultEncodeMemoryMb)).toEqual([4096, 4096, 4096, 4096]);
    expect([11, 16, 32, 64].map(defaultEncodeMemoryMb)).toEqual([4160, 5120, 8192, 14336]);
    expect(mediaConfig({}).profiles.encode.memoryBytes).toBeGreaterThanOrEqual(4096 * MB);
  });

  it("takes the operator's limits over the defaults", () => {
    const config = mediaConfig({ MEDIA_ENCODE_MEMORY_MB: "3000", MEDIA_MEMORY_MB: "512", MEDIA_STALL_S: "9" });
    expect(config.profiles.encode.memoryBytes).toBe(3000 * MB);
    expect(config.profiles.decode.memoryBytes).toBe(512 * MB);
    expect(config.profiles.probe.stallMs).toBe(9000);
  });
});
