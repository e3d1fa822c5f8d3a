import { describe, expect, it } from "vitest";
import { parseManifest } from "./manifest.ts";

const asset = {
  id: "minecraft",
  kind: "background",
  title: "Minecraft parkour",
  licence: "CC0-1.0",
  source: "rendered by the library build",
  file: "backgrounds/minecraft.mp4",
};

describe("parseManifest", () => {
  it("accepts a well-formed manifest", () => {
    expect(parseManifest({ version: 1, assets: [asset] }).assets[0]?.id).toBe("minecraft");
  });
  it("names duplicate ids and malformed entries", () => {
    expect(() => parseManifest({ version: 1, assets: [asset, asset] })).toThrow(
      /assets\.1\.id: duplicate id minecraft/,
    );
    expect(() => parseManifest({ version: 1, assets: [{ ...asset, id: "Bad Id", licence: "" }] })).toThrow(
      /assets\.0\.id[\s\S]*assets\.0\.licence/,
    );
  });
});
