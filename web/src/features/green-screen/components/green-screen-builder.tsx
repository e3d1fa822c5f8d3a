import {
  type Account,
  DEFAULT_LANGUAGE,
  type LanguageId,
  type MemeTransform,
  messages,
  NO_MUSIC,
} from "@reelsmith/core";

import { type BuilderStepProps, defineBuilder } from "@/components/builder/builder-config";
import { BuilderShell } from "@/components/builder/builder-shell";
import { GreenScreenStep } from "./green-screen-step";

/** The green-screen form (spec sections 3 and 4), by the input schema's field names. */
export interface GreenScreenDraft extends Record<string, unknown> {
  text_hook: string;
  selected_meme: string | null;
  /** The creator's own green-screen clip instead of a library meme; absent or null: a library meme. */
  meme_file_id?: string | null | undefined;
  background_file_id: string | null;
  /** Where own footage is cut to 9:16; absent or null: the middle. */
  background_crop?: { x: number } | null | undefined;
  song: string;
  /** Where the user put the meme on the preview; absent: the default placement. */
  meme_transform?: MemeTransform | undefined;
  /** The language its words are written in (chosen under Languages). */
  language: LanguageId;
}

type StepProps = BuilderStepProps<GreenScreenDraft>;

/**
 * Green Screen Memes (/create/greenscreen): one screen of caption, meme, background and song beside a
 * live preview, then generating. Generate waits for a caption, a meme and a background; a balance
 * under 6 credits opens the kit's upgrade prompt (Insufficient Credits, with Upgrade Plan).
 */
export const greenScreenBuilder = defineBuilder<GreenScreenDraft>({
  type: "green-screen",
  title: "Green Screen Memes",
  description:
    "A library meme or your own green-screen clip, keyed over your picture or video, with a caption on top and a song under it.",
  defaults: {
    text_hook: "",
    selected_meme: null,
    background_file_id: null,
    song: NO_MUSIC,
    language: DEFAULT_LANGUAGE,
  },
  exitTo: "/create",
  messages: {
    incomplete: messages.greenScreen.incomplete,
    // The spec's generic failure: 'Error: Failed to create video. Please try again.'
    failedTitle: messages.videos.errorTitle,
    failed: messages.musicVideo.createFailed,
  },
  steps: [
    {
      label: "Make your meme",
      hint: "Write the caption, pick a meme and a background, and place the meme on the preview.",
      fields: [
        "text_hook",
        "selected_meme",
        "meme_file_id",
        "background_file_id",
        "background_crop",
        "song",
        "meme_transform",
        "language",
      ],
      Component: ({ draft, patch, catalog, errors }: StepProps) => (
        <GreenScreenStep values={draft} onChange={patch} catalog={catalog} errors={errors} />
      ),
    },
  ],
});

export function GreenScreenBuilder({ account }: { account: Account }) {
  return <BuilderShell config={greenScreenBuilder} account={account} />;
}
