import { REDDIT_MAX_S, REDDIT_MIN_S } from "../catalogue/constants.ts";
import { SPOKEN_WORDS_PER_S, spokenWordCount } from "./spoken.ts";

/** The engine starts the story within 3 s (the title is read over the card) and holds 0.8 s after it. */
const STORY_START_S = 2.85;
const TAIL_S = 0.8;

export interface RedditStoryLength {
  /** The video's estimated length (s). */
  seconds: number;
  fit: "short" | "good" | "long";
}

/** The estimated length of a Reddit story video from its script (quality.md: 45-90 s holds viewers). */
export function redditStoryLength(script: string): RedditStoryLength {
  const seconds = STORY_START_S + spokenWordCount(script) / SPOKEN_WORDS_PER_S + TAIL_S;
  return { seconds, fit: seconds < REDDIT_MIN_S ? "short" : seconds > REDDIT_MAX_S ? "long" : "good" };
}
