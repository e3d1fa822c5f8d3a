import { NO_MUSIC } from "../catalogue/media.ts";
import { redditInputSchema } from "../schemas/videos.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType } from "./define.ts";

/** A Reddit post read aloud over gameplay, with the post card and word-by-word captions. */
export const redditDefinition = defineVideoType({
  schema: redditInputSchema,
  ...VIDEO_TYPE_INFO.reddit,
  /** The spec's: 'Reddit Story - {username or Anonymous} - {post title}'. */
  title: (input) => `Reddit Story - ${input.username || "Anonymous"} - ${input.post_title}`,
  assets: {
    /** Background gameplay video of the library, or null when the creator's own footage is used. */
    background: { from: "library", field: "background_video", kind: "background", optional: true },
    /** The creator's own background footage, or null when a library background is used. */
    ownBackground: { from: "upload", field: "background_file_id", kind: "background-video", optional: true },
    /** The creator's own recording of the title and script, or null when a synthetic voice reads them. */
    voiceOver: { from: "upload", field: "voiceover_file_id", kind: "voice-over", optional: true },
    /** Music, or null for no-music. */
    music: { from: "library", field: "background_music", kind: "music", none: NO_MUSIC },
  },
});
