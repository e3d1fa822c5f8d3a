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
  /**
   * The server's reasons for refusing the last Generate, by the input field they are about; each shows
   * at its field until the creator changes that field.
   */
  errors: Readonly<Partial<Record<keyof D & string, string>>>;
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

/**
 * What Next and Generate do while the draft is incomplete:
 * - "disable" (the default): they wait, disabled, until the schema accepts the step or the draft;
 * - "toast-first-issue": they stay enabled and a press toasts the first schema issue's own message
 *   (for a builder whose schema carries the spec's words, such as the UGC form's).
 */
export type IncompleteBehaviour = "disable" | "toast-first-issue";

/**
 * One builder: its video type, steps, defaults and the spec's words for its failures. `T` is the product's
 * types unless a test types a builder of its own.
 */
export interface BuilderConfig<D extends BuilderDraft, T extends string = VideoType> {
  type: T;
  /** The page title, on the steps and on the waiting screen. */
  title: string;
  description: string;
  defaults: D;
  /**
   * Defaults that come from the media catalogue (say, its first music track). Each fills its field once
   * the catalogue has loaded, while the field still holds its value from `defaults`, also after a reset.
   */
  catalogDefaults?: (catalog: Catalog) => Partial<D>;
  steps: readonly BuilderStep<D>[];
  /** See `IncompleteBehaviour`; "disable" when not given. */
  whenIncomplete?: IncompleteBehaviour;
  /** Fields dropped from the saved draft when storage is full (large data URLs such as an avatar). */
  bulkyFields?: readonly (keyof D & string)[];
  /**
   * A step of the builder asks the language its words are written in (next to the voice); without it, the Languages
   * panel under the last step asks it.
   */
  asksLanguage?: true;
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
export function defineBuilder<D extends BuilderDraft, T extends string = VideoType>(
  config: BuilderConfig<D, T>,
): BuilderConfig<D, T> {
  return config;
}
