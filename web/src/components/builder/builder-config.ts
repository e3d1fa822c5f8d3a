import type { Account, Catalog, VideoType } from "@reelsmith/core";
import type { ComponentType } from "react";

/** A builder's form state: the video type's input fields by their schema names. */
export type BuilderDraft = Record<string, unknown>;

/** What every step component receives from the shell. */
export interface BuilderStepProps<D extends BuilderDraft> {
  draft: D;
  patch: (values: Partial<D>) => void;
  catalog: Catalog;
  account: Account;
}

export interface BuilderStep<D extends BuilderDraft> {
  /** The stepper's label and the step's heading. */
  label: string;
  /** One line under the heading. */
  hint: string;
  /**
   * The input fields this step fills. The step is complete when the type's schema accepts them
   * (see `step-completion.ts`); no rule is restated here.
   */
  fields: readonly (keyof D & string)[];
  Component: ComponentType<BuilderStepProps<D>>;
}

/** One builder: its video type, steps, defaults and the spec's words for its failures. */
export interface BuilderConfig<D extends BuilderDraft> {
  type: VideoType;
  /** The page title, on the steps and on the waiting screen. */
  title: string;
  description: string;
  defaults: D;
  steps: readonly BuilderStep<D>[];
  /** Fields dropped from the saved draft when storage is full (large data URLs such as an avatar). */
  bulkyFields?: readonly (keyof D & string)[];
  /** Where Back on the first step goes; without it, Back is disabled there. */
  exitTo?: string;
  messages: {
    /** Generate with a step incomplete: the description under 'Missing information'. */
    incomplete: string;
    /** Creation failed: the toast's title (if the spec gives one) and description. */
    failedTitle?: string;
    failed: string;
  };
}

/** Types a builder's config by its draft, so each step's `fields` can name only real fields. */
export function defineBuilder<D extends BuilderDraft>(config: BuilderConfig<D>): BuilderConfig<D> {
  return config;
}
