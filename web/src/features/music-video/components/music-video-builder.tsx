import { type Account, DEFAULT_LANGUAGE, type LanguageId, messages, SONG_CLIP_DEFAULT_S } from "@reelsmith/core";

import { type BuilderStepProps, defineBuilder } from "@/components/builder/builder-config";
import { BuilderShell } from "@/components/builder/builder-shell";
import { SongStep } from "./song-step";
import { StyleStep } from "./style-step";

/** The music video form (spec sections 3 and 4), by the input schema's field names. */
export interface MusicVideoDraft extends Record<string, unknown> {
  audio_file_id: string | null;
  clip_start: number | null;
  clip_duration: number;
  video_style: string | null;
  text_hook: string;
  /** The language its words are written in (chosen under Languages). */
  language: LanguageId;
}

type StepProps = BuilderStepProps<MusicVideoDraft>;

/** The music video builder (/create-video): Song, Style, then generating. */
export const musicVideoBuilder = defineBuilder<MusicVideoDraft>({
  type: "text-hook",
  title: "Music Video",
  description: "Your song over rave, rollercoaster or epic-nature footage, cut to the beat, with a hook on screen.",
  defaults: {
    audio_file_id: null,
    clip_start: null,
    clip_duration: SONG_CLIP_DEFAULT_S,
    video_style: null,
    text_hook: "",
    language: DEFAULT_LANGUAGE,
  },
  exitTo: "/create",
  messages: {
    incomplete: messages.musicVideo.incomplete,
    failed: messages.musicVideo.createFailed,
  },
  steps: [
    {
      label: "Song",
      hint: "Upload a song or pick one from Your Library, then choose the part to use.",
      fields: ["audio_file_id", "clip_start", "clip_duration"],
      Component: ({ draft, patch, errors }: StepProps) => <SongStep values={draft} onChange={patch} errors={errors} />,
    },
    {
      label: "Style",
      hint: "Pick the footage and write the hook, then generate.",
      fields: ["video_style", "text_hook", "language"],
      Component: ({ draft, patch, catalog, errors }: StepProps) => (
        <StyleStep values={draft} onChange={patch} styles={catalog.textHookStyles} errors={errors} />
      ),
    },
  ],
});

export function MusicVideoBuilder({ account }: { account: Account }) {
  return <BuilderShell config={musicVideoBuilder} account={account} />;
}
