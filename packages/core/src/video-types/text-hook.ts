import { TEXT_HOOK_STYLES, textHookVideoType } from "../catalogue/media.ts";
import { fileBaseName } from "../rules/video-title.ts";
import { textHookInputSchema } from "../schemas/videos.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType } from "./define.ts";

/** The user's song over the style's footage, with a hook on screen. */
export const textHookDefinition = defineVideoType({
  schema: textHookInputSchema,
  ...VIDEO_TYPE_INFO["text-hook"],
  title(input, { filenames }) {
    const style = TEXT_HOOK_STYLES.find((s) => s.id === input.video_style)?.title ?? input.video_style;
    const what = input.text_hook || fileBaseName(filenames.audio_file_id) || "Untitled track";
    return `Music Video - ${style} - ${what}`;
  },
  assets: {
    /** The user's song (MP3, WAV or AAC). */
    audio: { from: "upload", field: "audio_file_id", kind: "audio-file" },
    /** Hook footage of the style (rave, rollercoaster, nature). */
    footage: {
      from: "library",
      field: "video_style",
      kind: "hook-footage",
      key: (input) => textHookVideoType(input.video_style),
    },
  },
});
