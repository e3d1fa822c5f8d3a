import {
  type Account,
  DEFAULT_LANGUAGE,
  DEFAULT_VOICE,
  type LanguageId,
  messages,
  NO_MUSIC,
  type RedditNarrator,
} from "@reelsmith/core";

import { type BuilderStepProps, defineBuilder } from "@/components/builder/builder-config";
import { BuilderShell } from "@/components/builder/builder-shell";
import { CaptionStyleGrid } from "@/components/builder/pickers/caption-style-grid";
import { AudioStep } from "./audio-step";
import { BackgroundStep } from "./background-step";
import { ScriptStep } from "./script-step";

/** The Reddit form (spec section 3), by the input schema's field names. */
export interface RedditDraft extends Record<string, unknown> {
  username: string;
  post_title: string;
  script: string;
  avatar_url: string | null;
  /** The post card's subreddit (empty: r/AskReddit) and optional counts (null: none shown). */
  subreddit: string;
  upvotes: number | null;
  comments: number | null;
  caption_style: string | null;
  background_video: string | null;
  /** The creator's own footage instead of a library background. */
  background_file_id: string | null;
  background_crop: { x: number } | null;
  background_music: string;
  voice: string;
  /** Who reads the story: an AI voice, or the creator's own recording (which Generate then waits for). */
  narrator: RedditNarrator;
  /** The creator's own recording of the title and script instead of an AI voice. */
  voiceover_file_id: string | null;
  language: LanguageId;
}

type StepProps = BuilderStepProps<RedditDraft>;

/** The Reddit Story builder (/create/reddit-story): Script, Captions, Background Video, Audio, Generate. */
export const redditBuilder = defineBuilder<RedditDraft>({
  type: "reddit",
  title: "Reddit Story",
  description: "A story read aloud over gameplay, with the post card and word-by-word captions.",
  defaults: {
    username: "",
    post_title: "",
    script: "",
    avatar_url: null,
    subreddit: "",
    upvotes: null,
    comments: null,
    caption_style: null,
    background_video: null,
    background_file_id: null,
    background_crop: null,
    background_music: NO_MUSIC,
    voice: DEFAULT_VOICE,
    narrator: "ai",
    voiceover_file_id: null,
    language: DEFAULT_LANGUAGE,
  },
  bulkyFields: ["avatar_url"],
  asksLanguage: true,
  messages: {
    incomplete: messages.reddit.incomplete,
    failedTitle: messages.videos.errorTitle,
    failed: messages.reddit.generateFailed,
  },
  steps: [
    {
      label: "Script",
      hint: "Write the post the narrator reads: a title that hooks, then the story.",
      fields: ["username", "post_title", "script", "avatar_url", "subreddit", "upvotes", "comments"],
      Component: ({ draft, patch, errors }: StepProps) => (
        <ScriptStep values={draft} onChange={patch} errors={errors} />
      ),
    },
    {
      label: "Captions",
      hint: "Pick how the words appear on screen, one at a time as they are spoken.",
      fields: ["caption_style"],
      Component: ({ draft, patch, catalog }: StepProps) => (
        <CaptionStyleGrid
          styles={catalog.captionStyles}
          value={draft.caption_style}
          onChange={(caption_style) => patch({ caption_style })}
        />
      ),
    },
    {
      label: "Background Video",
      hint: "Pick the gameplay that plays behind the story (hover to preview), or upload your own footage.",
      fields: ["background_video", "background_file_id", "background_crop"],
      Component: ({ draft, patch, catalog, errors }: StepProps) => (
        <BackgroundStep backgrounds={catalog.backgrounds} values={draft} onChange={patch} errors={errors} />
      ),
    },
    {
      label: "Audio",
      hint: "Pick the music and the narrator (an AI voice or your own recording), then generate.",
      fields: ["background_music", "voice", "narrator", "voiceover_file_id", "language"],
      Component: ({ draft, patch, catalog, errors }: StepProps) => (
        <AudioStep
          music={catalog.music}
          voices={catalog.voices}
          values={draft}
          script={{ post_title: draft.post_title, script: draft.script }}
          onChange={patch}
          errors={errors}
        />
      ),
    },
  ],
});

export function RedditBuilder({ account }: { account: Account }) {
  return <BuilderShell config={redditBuilder} account={account} />;
}
