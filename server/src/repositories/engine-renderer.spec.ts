import { messages } from "@reelsmith/core";
import { LibraryAssetMissingError } from "@reelsmith/library";
import {
  CaptionTextError,
  FfmpegError,
  ImageTooLargeError,
  InvalidCompositionError,
  MissingInputError,
  RenderError,
} from "@reelsmith/render";
import { describe, expect, it } from "vitest";
import { RenderFailure } from "../services/render.service.ts";
import { describeFailure, isInputFailure } from "./engine-renderer.ts";

describe("which render failures are the input's", () => {
  it("does not offer a retry for text no font draws, unreadable or missing files, or an impossible composition", () => {
    for (const error of [
      new CaptionTextError(["ᚠ"], "Anton"),
      new RenderError("UNSUPPORTED_MEDIA", "not a video"),
      new MissingInputError("/tmp/gone.mp3"),
      new InvalidCompositionError(["duration must be positive"]),
      new RenderFailure("An uploaded file this video needs has been deleted.", { retryable: false }),
    ]) {
      expect(isInputFailure(error), error.name).toBe(true);
    }
  });

  it("offers a retry for the server's failures: ffmpeg, the voice, a cancelled render, anything unknown", () => {
    for (const error of [
      new FfmpegError("ffmpeg exited with 1", 1, "Killed"),
      new RenderError("TTS_FAILED", "festival crashed"),
      new RenderError("CANCELLED", "stopped"),
      new RenderFailure("The render stopped and could not be completed."),
      new Error("ECONNRESET"),
    ]) {
      expect(isInputFailure(error), error.name).toBe(false);
    }
  });

  it("tells the user what to change when captions cannot be drawn", () => {
    expect(describeFailure(new CaptionTextError(["ᚠ"], "Anton"))).toBe(
      "The text has letters no caption font on this server can draw. Change the text or the caption style.",
    );
    expect(describeFailure(new LibraryAssetMissingError("music", "gone"))).toContain('"gone"');
  });

  it("says a picture is too large, and offers no retry, when its headers claim more pixels than the product takes", () => {
    const error = new ImageTooLargeError("/work/product.png", 30000, 30000);
    expect(describeFailure(error)).toBe(messages.videos.imageTooLarge);
    expect(isInputFailure(error)).toBe(true);
  });
});
