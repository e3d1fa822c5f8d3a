import {
  type Account,
  type Catalog,
  DEFAULT_LANGUAGE,
  type LanguageId,
  messages,
  NO_MUSIC,
  type UgcGender,
} from "@reelsmith/core";

import { type BuilderStepProps, defineBuilder } from "@/components/builder/builder-config";
import { BuilderShell, type ShortfallDialog } from "@/components/builder/builder-shell";
import { withLanguage } from "../lib/ad-script";
import { ProductStep } from "./product-step";
import { ScriptCaptionsStep } from "./script-captions-step";
import { VoiceMusicStep } from "./voice-music-step";

/**
 * The UGC form (spec sections 3 and 4), by the input schema's field names, plus whether the user wrote
 * the hook and the copy (the template stops following the product name then; not sent).
 */
export interface UgcAdsDraft extends Record<string, unknown> {
  product_image_id: string | null;
  product_name: string;
  gender: UgcGender;
  background_music: string;
  captions: boolean;
  caption_style: string | null;
  hook: string;
  ad_copy: string;
  hook_edited: boolean;
  ad_copy_edited: boolean;
  language: LanguageId;
}

type StepProps = BuilderStepProps<UgcAdsDraft>;

/** The default track: the catalogue's first real one (its first entry is 'no music'). */
export function firstTrack(music: Catalog["music"]): string {
  return music.find((track) => track.id !== NO_MUSIC)?.id ?? "";
}

/** The AI UGC Ads builder (/ai-ugc-ads): Product, Voice & music, Script & captions, then generating. */
export const ugcAdsBuilder = defineBuilder<UgcAdsDraft>({
  type: "ugc-ads",
  title: "AI UGC Ads",
  description: "One product photo becomes an influencer-style ad: a voice reads your script over music.",
  defaults: {
    product_image_id: null,
    product_name: "",
    gender: "female",
    // Filled with the catalogue's first track once it loads (catalogDefaults).
    background_music: "",
    captions: false,
    caption_style: null,
    hook: "",
    ad_copy: "",
    hook_edited: false,
    ad_copy_edited: false,
    language: DEFAULT_LANGUAGE,
  },
  catalogDefaults: (catalog) => ({ background_music: firstTrack(catalog.music) }),
  // The schema carries the spec's words ('Please upload or select a product image.' ...): say them.
  whenIncomplete: "toast-first-issue",
  asksLanguage: true,
  exitTo: "/create",
  messages: {
    incomplete: messages.reddit.incomplete,
    // The spec's generic failure: 'Error: Failed to create video. Please try again.'
    failedTitle: messages.videos.errorTitle,
    failed: messages.musicVideo.createFailed,
  },
  steps: [
    {
      label: "Product",
      hint: "Upload a photo of your product or pick one from Your Library, and name it.",
      fields: ["product_image_id", "product_name"],
      Component: ({ draft, patch, errors }: StepProps) => (
        <ProductStep values={draft} onChange={patch} errors={errors} />
      ),
    },
    {
      label: "Voice & music",
      hint: "Choose who reads the ad and the music under it.",
      fields: ["language", "gender", "background_music"],
      Component: ({ draft, patch, catalog }: StepProps) => (
        <VoiceMusicStep
          values={draft}
          onChange={patch}
          onLanguage={(language) => patch(withLanguage(draft, language))}
          voices={catalog.voices}
          music={catalog.music}
        />
      ),
    },
    {
      label: "Script & captions",
      hint: "Read and edit what the voice says, choose captions, then generate.",
      fields: ["hook", "ad_copy", "captions", "caption_style"],
      Component: ({ draft, patch, catalog, errors }: StepProps) => (
        <ScriptCaptionsStep values={draft} onChange={patch} styles={catalog.captionStyles} errors={errors} />
      ),
    },
  ],
});

export function UgcAdsBuilder({ account, shortfallDialog }: { account: Account; shortfallDialog?: ShortfallDialog }) {
  return <BuilderShell config={ugcAdsBuilder} account={account} {...(shortfallDialog ? { shortfallDialog } : {})} />;
}
