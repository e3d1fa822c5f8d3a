import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LIBRARY_KINDS, type LibraryKind, NO_MUSIC, videoInputSchemas } from "@reelsmith/core";
import { ASSET_KINDS, type AssetKind } from "@reelsmith/library/catalogue";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type LibraryLike, resolveAssets, writeInlineAssets } from "./assets.ts";

const SONG = "0d3c1f55-5a5e-4c1c-9a61-2f1b2d6c7a10";
const PICTURE = "6a2b7c1d-3e4f-4a5b-8c6d-7e8f9a0b1c2d";

/** A library that knows every key and says where it would be. */
const library: LibraryLike & { asked: string[] } = {
  asked: [],
  require(kind, key) {
    this.asked.push(`${kind}/${key}`);
    return { kind, key };
  },
  path(asset: never) {
    const { kind, key } = asset as { kind: LibraryKind; key: string };
    return `/library/${kind}/${key}.mp4`;
  },
};

describe("resolveAssets", () => {
  it("names the library's own kinds", () => {
    expectTypeOf<LibraryKind>().toEqualTypeOf<AssetKind>();
    expect([...LIBRARY_KINDS].sort()).toEqual([...ASSET_KINDS].sort());
  });

  it("turns library keys into library files and upload ids into the given files, as each definition says", () => {
    const files = { [SONG]: "/up/song.mp3", [PICTURE]: "/up/picture.png" };
    const textHook = videoInputSchemas["text-hook"].parse({ audio_file_id: SONG, video_style: "stunning-nature" });
    expect(resolveAssets("text-hook", textHook, library, files)).toEqual({
      audio: "/up/song.mp3",
      footage: "/library/hook-footage/nature.mp4",
    });
    const green = videoInputSchemas["green-screen"].parse({
      text_hook: "me",
      selected_meme: "bruh",
      background_file_id: PICTURE,
      song: "lofi-rainy-window",
    });
    expect(resolveAssets("green-screen", green, library, files)).toEqual({
      meme: "/library/meme/bruh.mp4",
      ownMeme: null,
      background: "/up/picture.png",
      music: "/library/music/lofi-rainy-window.mp4",
    });
    // The creator's own clip instead of a library meme.
    const ownMeme = videoInputSchemas["green-screen"].parse({
      text_hook: "me",
      meme_file_id: SONG,
      background_file_id: PICTURE,
    });
    expect(resolveAssets("green-screen", ownMeme, library, files)).toEqual({
      meme: null,
      ownMeme: "/up/song.mp3",
      background: "/up/picture.png",
      music: null,
    });
    const ugc = videoInputSchemas["ugc-ads"].parse({ product_image_id: PICTURE, background_music: NO_MUSIC });
    expect(resolveAssets("ugc-ads", ugc, library, files)).toEqual({ productImage: "/up/picture.png", music: null });
    const faceless = videoInputSchemas["faceless-ai"].parse({ tab: "asmr", video_type: "paint" });
    expect(resolveAssets("faceless-ai", faceless, library)).toEqual({ clip: "/library/asmr/paint.mp4" });
    const reddit = videoInputSchemas.reddit.parse({
      post_title: "t",
      script: "s",
      caption_style: "minimal",
      background_video: "minecraft",
    });
    expect(resolveAssets("reddit", reddit, library)).toEqual({
      background: "/library/background/minecraft.mp4",
      ownBackground: null,
      voiceOver: null,
      music: null,
      avatar: null,
    });
    expect(library.asked).not.toContain(`music/${NO_MUSIC}`);
    // The creator's own footage instead of a library background: the upload's file, no library lookup.
    const { background_video: _, ...ownInput } = reddit;
    const own = videoInputSchemas.reddit.parse({ ...ownInput, background_file_id: SONG, background_crop: { x: 0.2 } });
    const asked = library.asked.length;
    expect(resolveAssets("reddit", own, library, { [SONG]: "/up/footage.mov" })).toEqual({
      background: null,
      ownBackground: "/up/footage.mov",
      voiceOver: null,
      music: null,
      avatar: null,
    });
    expect(library.asked.slice(asked).some((item) => item.startsWith("background/"))).toBe(false);
    expect(() => resolveAssets("reddit", own, library, {})).toThrow(/No file was given for the ownBackground/);
  });

  it("resolves inline data to the file it was stored as, and writes data still in the input to the work folder", async () => {
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    const reddit = videoInputSchemas.reddit.parse({
      post_title: "t",
      script: "s",
      caption_style: "minimal",
      background_video: "minecraft",
      avatar_url: `data:image/png;base64,${png.toString("base64")}`,
    });
    // The server stored it: the file it downloaded is the asset.
    expect(resolveAssets("reddit", reddit, library, {}, { avatar: "/job/avatar.png" }).avatar).toBe("/job/avatar.png");
    // Given no file, it resolves to null, and the pipeline writes the input's data (the CLI, the showcase).
    expect(resolveAssets("reddit", reddit, library).avatar).toBeNull();
    const dir = mkdtempSync(join(tmpdir(), "inline-"));
    try {
      const written = await writeInlineAssets("reddit", reddit, { avatar: null }, dir);
      expect(written).toEqual({ avatar: join(dir, "avatar.png") });
      expect(readFileSync(join(dir, "avatar.png"))).toEqual(png);
      // A given file wins, and data that is not a picture data URL is not written.
      expect(await writeInlineAssets("reddit", reddit, { avatar: "/job/avatar.png" }, dir)).toEqual({});
      const odd = { ...reddit, avatar_url: "data:text/plain;base64,aGk=" };
      expect(await writeInlineAssets("reddit", odd, {}, dir)).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses an upload it was given no file for", () => {
    const textHook = videoInputSchemas["text-hook"].parse({ audio_file_id: SONG, video_style: "boiler-room" });
    expect(() => resolveAssets("text-hook", textHook, library, {})).toThrow(/No file was given for the audio/);
  });
});
