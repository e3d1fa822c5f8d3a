import { MINUTES_SAVED_PER_VIDEO } from "../catalogue/constants.ts";

/** Each video created counts as 39 minutes saved (spec section 9). */
export function minutesSaved(videosCreated: number): number {
  return Math.max(0, Math.floor(videosCreated)) * MINUTES_SAVED_PER_VIDEO;
}
