/** The Reddit Story builder's four steps and when each lets the user go on (spec sections 2 and 5). */
export const REDDIT_STEPS = ["Script", "Captions", "Background Video", "Audio"] as const;
export type RedditStep = 0 | 1 | 2 | 3;
export const LAST_STEP: RedditStep = 3;

export interface RedditDraft {
  post_title: string;
  script: string;
  caption_style: string | null;
  background_video: string | null;
}

/** Next is enabled when the current step has what it needs; the last step has Generate instead. */
export function stepComplete(step: RedditStep, draft: RedditDraft): boolean {
  switch (step) {
    case 0:
      return draft.script.trim().length > 0 && draft.post_title.trim().length > 0;
    case 1:
      return draft.caption_style !== null;
    case 2:
      return draft.background_video !== null;
    case 3:
      return true;
  }
}

/** Generation needs a script, a title, a caption style and a background video. */
export function readyToGenerate(draft: RedditDraft): boolean {
  return ([0, 1, 2] as const).every((step) => stepComplete(step, draft));
}

/** A step can be opened directly only up to the furthest step reached. */
export function canVisit(target: RedditStep, furthest: RedditStep): boolean {
  return target <= furthest;
}
