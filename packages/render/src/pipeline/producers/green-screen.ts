import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { GREEN_SCREEN_MAX_S } from "@reelsmith/core";
import { findScreenKey } from "@reelsmith/media";
import { RenderError, UnsupportedMediaError } from "../../errors.ts";
import { probeMedia } from "../../ffmpeg/probe.ts";
import { isPictureFile } from "../../pictures/picture.ts";
import {
  analyseMemeSound,
  greenScreenBed,
  greenScreenRecipe,
  greenScreenTiming,
  renderGreenScreenCaption,
  soundRmsDb,
} from "../../recipes/green-screen.ts";
import { prepareOwnBackground } from "../own-background.ts";
import { type Producer, userPicture } from "../producer.ts";

/**
 * A green-screen meme: the meme (library or the creator's own, keyed where its screen is), the background picture or
 * video, the caption band and the sounds' levels, then the recipe.
 */
export const greenScreenProducer: Producer<"green-screen"> = {
  voiced: false,
  async compose(req) {
    const { input, assets: given } = req;
    // The library's meme or the creator's own clip (the input names exactly one).
    const memePath = given.meme ?? given.ownMeme;
    if (!memePath) throw new RenderError("MISSING_INPUT", "A green-screen meme needs a meme clip.");
    // A background picture is the user's: checked by its headers and brought down to a size the frame
    // needs by ffmpeg before anything else reads it.
    const assets = (await isPictureFile(given.background))
      ? { ...given, background: await userPicture(given.background, req.workDir, "background", req.signal) }
      : given;
    const [meme, background] = await Promise.all([probeMedia(memePath), probeMedia(assets.background)]);
    if (!meme.video || meme.video.still) throw new UnsupportedMediaError(memePath, "it is not a video");
    if (!(meme.duration > 0)) throw new UnsupportedMediaError(memePath, "its length is unknown");
    // The creator's clip is keyed where its own screen is, found as the upload check found it.
    const ownKey = given.ownMeme
      ? await findScreenKey(memePath, meme.duration, {
          width: meme.video.width,
          height: meme.video.height,
          signal: req.signal,
        })
      : undefined;
    if (ownKey === null) throw new UnsupportedMediaError(memePath, "no green or blue screen was found in it");
    if (!background.video) throw new UnsupportedMediaError(assets.background, "it has no picture");
    const captionPath = join(req.workDir, "caption.png");
    const caption = renderGreenScreenCaption(input.text_hook);
    // A background video is cut to 9:16 where the creator placed the window and, when shorter than
    // the video, made to loop without a jump (as a Reddit story's own footage); its sound is read
    // from the upload itself.
    const backgroundVideo = background.video.still
      ? null
      : await prepareOwnBackground(assets.background, req.workDir, {
          cropX: input.background_crop?.x ?? 0.5,
          needed: greenScreenTiming(input, meme.duration).duration,
          draft: req.draft,
          signal: req.signal,
        });
    const backdrop = {
      background: backgroundVideo?.path ?? assets.background,
      backgroundKind: backgroundVideo ? ("video" as const) : ("image" as const),
      backgroundHasAudio: Boolean(background.audio),
      backgroundSound: backgroundVideo ? assets.background : undefined,
      music: assets.music,
    };
    const bed = greenScreenBed(backdrop);
    const [memeSound, bedRmsDb] = await Promise.all([
      meme.audio ? analyseMemeSound(memePath, meme.duration, req.workDir, req.signal) : null,
      bed ? soundRmsDb(bed.src, GREEN_SCREEN_MAX_S, req.workDir, req.signal) : null,
      writeFile(captionPath, caption.png),
    ]);
    return greenScreenRecipe(input, {
      meme: memePath,
      ...(ownKey ? { ownKey } : {}),
      memeDuration: meme.duration,
      memeWidth: meme.video.width,
      memeHeight: meme.video.height,
      memeSound,
      ...backdrop,
      bedRmsDb,
      caption: { src: captionPath, band: caption.layout.band },
    });
  },
};
