import {
  type Account,
  DEFAULT_LANGUAGE,
  FACELESS_DEFAULT_LENGTH,
  type FacelessTab,
  type LanguageId,
  messages,
} from "@reelsmith/core";

import { type BuilderStepProps, defineBuilder } from "@/components/builder/builder-config";
import { BuilderShell } from "@/components/builder/builder-shell";
import { FacelessStyleStep } from "./faceless-style-step";

/** The faceless form (spec sections 3 and 4), by the input schema's field names. */
export interface FacelessDraft extends Record<string, unknown> {
  tab: FacelessTab;
  video_type: string;
  title: string;
  length_s: number;
  /** The language its words are written in (chosen under Languages). */
  language: LanguageId;
}

type StepProps = BuilderStepProps<FacelessDraft>;

/** The AI Video Creator (/ai-video-creator): one screen of tabs, styles, title and length, then Generate. */
export const facelessBuilder = defineBuilder<FacelessDraft>({
  type: "faceless-ai",
  title: "AI Video Creator",
  description: "Hypnotic ASMR and dreamscape videos with their own sound, ready to post.",
  defaults: {
    tab: "asmr",
    video_type: "fruit",
    title: "",
    length_s: FACELESS_DEFAULT_LENGTH,
    language: DEFAULT_LANGUAGE,
  },
  exitTo: "/create",
  messages: {
    incomplete: messages.musicVideo.incomplete,
    // The spec's generic failure: 'Error: Failed to create video. Please try again.'
    failedTitle: messages.videos.errorTitle,
    failed: messages.musicVideo.createFailed,
  },
  steps: [
    {
      label: "Style",
      hint: "Choose a kind of video and a style, then generate.",
      fields: ["tab", "video_type", "title", "length_s", "language"],
      Component: ({ draft, patch, catalog, errors }: StepProps) => (
        <FacelessStyleStep values={draft} onChange={patch} catalog={catalog} errors={errors} />
      ),
    },
  ],
});

export function FacelessBuilder({ account }: { account: Account }) {
  return <BuilderShell config={facelessBuilder} account={account} />;
}
