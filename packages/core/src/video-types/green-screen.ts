import { NO_MUSIC } from "../catalogue/media.ts";
import { greenScreenInputSchema } from "../schemas/videos.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType } from "./define.ts";

/** A meme clip on chroma green keyed over the user's picture or video, with a caption and a song. */
export const greenScreenDefinition = defineVideoType({
  schema: greenScreenInputSchema,
  ...VIDEO_TYPE_INFO["green-screen"],
  title: (input) => `Green Screen Meme - ${input.text_hook}`,
  assets: {
    /** The library's meme clip on chroma green, or null when the creator brought their own. */
    meme: { from: "library", field: "selected_meme", kind: "meme", optional: true },
    /** The creator's own clip on a green or blue screen, or null when a library meme was chosen. */
    ownMeme: { from: "upload", field: "meme_file_id", kind: "meme-clip", optional: true },
    /** The user's background picture or video, or their own background footage (MP4, MOV or WebM). */
    background: { from: "upload", field: "background_file_id", kind: "green-screen", alsoKinds: ["background-video"] },
    /** The song, or null. */
    music: { from: "library", field: "song", kind: "music", none: NO_MUSIC },
  },
});
