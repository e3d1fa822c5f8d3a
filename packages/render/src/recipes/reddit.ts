import { REDDIT_DEFAULT_SUBREDDIT, type RedditInput } from "@reelsmith/core";
import type { AudioLayer, Keyframe, TimedWord } from "../composition/schema.ts";
import type { WordTiming } from "../tts/types.ts";
import {
  musicBed,
  type RecipeComposition,
  round,
  shiftWords,
  VOICE_DUCKING,
  type VoicePart,
  voiceLayer,
} from "./common.ts";

/** What a Reddit story needs besides its input: the gameplay, the music, the avatar picture. */
export interface RedditAssets {
  /**
   * Background video, 1080x1920 and loopable: a library gameplay clip, or the creator's own footage once
   * cut to the frame and made loop-ready (pipeline/own-background.ts).
   */
  background: string;
  /** Music track, or null for no music. */
  music: string | null;
  /** Avatar picture, or null for the default avatar. */
  avatar: string | null;
}

/** The voice-over: the post title read first, then the script. */
export interface RedditVoice {
  title: VoicePart;
  script: VoicePart;
}

export interface RedditOptions {
  cardTheme?: "light" | "dark";
}

/**
 * Silence before the title's voice part, between its end and the story's part (when the title is short enough
 * for it), and after the last word.
 */
export const REDDIT_TIMING = { lead: 0.05, gap: 0.3, tail: 0.8 } as const;

/** The story's first word is heard by then, however long the title: the story starts within 3 s. */
export const REDDIT_STORY_START_MAX_S = 3;
/** Where the story's first word is placed at the latest: under the limit, with room for a voice's rounding. */
const STORY_START_AIM_S = 2.85;
/** The least pause between the title's last word and the story's first. */
const TITLE_PAUSE_S = 0.3;
/**
 * How far into its voice part the title's last word may end: the post card is read out from the first
 * frame, and the story still starts by STORY_START_AIM_S.
 */
export const REDDIT_TITLE_ROOM_S = STORY_START_AIM_S - REDDIT_TIMING.lead - TITLE_PAUSE_S;
/** How much faster than the voice's own pace a long title may be read (a brisk reading, still clear). */
export const REDDIT_TITLE_SPEED_MAX = 1.3;
/** The post card stays at least this long, however short the title, so it registers before the story. */
const CARD_MIN_S = 1.2;
/** The card is gone this long before the story's first caption. */
const CARD_CLEAR_S = 0.05;
/** Silence kept after the last word read when the title's voice is cut short (it fades out over it). */
const TITLE_CUT_TAIL_S = 0.08;

const SENTENCE_END = /[.!?…]["')\]]*$/u;
const CLAUSE_END = /[,;:—–-]["')\]]*$/u;
/** Words a spoken hook should not end on: it would sound cut off. */
const WEAK_ENDS = new Set(
  (
    "a an the and or but so nor yet of to at in on for with from by about into over after before as than " +
    "across through around under between without within during against toward towards onto upon like near " +
    "my your his her our their its this that these those every each some any no i we you he she they me us " +
    "is was are were be been am has have had do did will would can could should must just very really " +
    "if when while because who whom whose which what where why how not instead rather"
  ).split(" "),
);
const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, "");

/**
 * How many of the title's first `fits` words make the spoken hook: up to the last sentence end, else the
 * last clause end, among them when that keeps at least half of them; else all of them less the words a
 * phrase does not end on ("the", "my", "every" ...).
 */
function hookLength(words: readonly WordTiming[], fits: number): number {
  if (fits >= words.length) return words.length;
  const least = Math.max(2, Math.ceil(fits / 2));
  for (const end of [SENTENCE_END, CLAUSE_END]) {
    for (let n = fits; n >= least; n--) if (end.test((words[n - 1] as WordTiming).text)) return n;
  }
  for (let n = fits; n >= 1; n--) if (!WEAK_ENDS.has(bare((words[n - 1] as WordTiming).text))) return n;
  return fits;
}

/** How much of the title is read aloud, and how much faster than the voice's own pace. */
export interface RedditTitleFit {
  /** The title's first `count` words are read (all of them when the title fits). */
  count: number;
  /** 1, or up to `maxSpeed` for a title a little too long. */
  speed: number;
}

/**
 * Fits the title's voice into `room` seconds (the end of its last word read, from the start of its part):
 * all of it at the voice's pace when it fits; else all of it up to `maxSpeed` faster; else, at that pace at
 * most, the words up to a natural break that fit (see hookLength), so the story is not kept waiting.
 */
export function redditTitleFit(
  words: readonly WordTiming[],
  room = REDDIT_TITLE_ROOM_S,
  maxSpeed = REDDIT_TITLE_SPEED_MAX,
): RedditTitleFit {
  const last = words.at(-1);
  if (!last || last.end <= room) return { count: words.length, speed: 1 };
  const speedFor = (end: number) => Math.min(maxSpeed, Math.max(1, Math.ceil((end / room) * 100) / 100));
  if (last.end <= room * maxSpeed) return { count: words.length, speed: speedFor(last.end) };
  let fits = 0;
  while (fits < words.length && (words[fits] as WordTiming).end <= room * maxSpeed) fits++;
  const count = hookLength(words, fits);
  return { count, speed: count > 0 ? speedFor((words[count - 1] as WordTiming).end) : 1 };
}

/** When each part of a Reddit story happens. */
export interface RedditTimeline {
  /** Seconds of the title's voice part that play from `REDDIT_TIMING.lead` (0: the title is not read). */
  titlePlayed: number;
  /** Whether the title's voice stops before its part ends, after the last word of the hook (faded out). */
  titleCut: boolean;
  /** When the story's voice part starts, and when its first word is heard. */
  scriptStart: number;
  storyStart: number;
  /** When the post card has gone (it fades out before the story's first caption). */
  cardEnd: number;
  duration: number;
}

/**
 * The story's timeline from its voice parts: the title is read over the post card from the first frame, as
 * much of it as leaves the story's first word at most STORY_START_AIM_S in (see redditTitleFit; the producer
 * has already sped up or shortened a long title, this cuts whatever still runs over), then the story.
 */
export function redditTimeline(voice: RedditVoice): RedditTimeline {
  const { lead, gap, tail } = REDDIT_TIMING;
  const words = voice.title.words;
  const { count } = redditTitleFit(words, REDDIT_TITLE_ROOM_S, 1);
  const lastRead = words[count - 1];
  // What of the title's part plays, and when its last word read ends.
  let titlePlayed: number;
  let spokenEnd: number;
  if (words.length === 0) {
    // No timed words (nothing speakable): the part plays as far as there is room.
    titlePlayed = Math.min(voice.title.duration, REDDIT_TITLE_ROOM_S);
    spokenEnd = lead + titlePlayed;
  } else if (count === words.length) {
    titlePlayed = voice.title.duration;
    spokenEnd = lead + (lastRead?.end ?? 0);
  } else {
    titlePlayed = lastRead ? Math.min(voice.title.duration, lastRead.end + TITLE_CUT_TAIL_S) : 0;
    spokenEnd = lead + (lastRead?.end ?? 0);
  }
  const first = Math.max(0, voice.script.words[0]?.start ?? 0);
  // A short title keeps its part, a gap, then the story's part; the story never starts later than the aim,
  // and never sooner than a pause after the title's last word.
  const natural = lead + titlePlayed + gap + first;
  const earliest = Math.max(spokenEnd + TITLE_PAUSE_S, CARD_MIN_S + CARD_CLEAR_S);
  const scriptStart = Math.max(0, Math.max(earliest, Math.min(natural, STORY_START_AIM_S)) - first);
  const storyStart = scriptStart + first;
  // The title's part never plays into the story (only its trailing silence can be left out).
  titlePlayed = Math.min(titlePlayed, Math.max(0, storyStart - lead));
  const duration = scriptStart + voice.script.duration + tail;
  // The card leaves as the title's voice ends (not before CARD_MIN_S), gone before the story's first caption.
  const cardEnd = Math.min(Math.max(lead + titlePlayed + 0.25, CARD_MIN_S), storyStart - CARD_CLEAR_S);
  return {
    titlePlayed: round(titlePlayed),
    titleCut: titlePlayed < voice.title.duration - 0.0005,
    scriptStart: round(scriptStart),
    storyStart: round(storyStart),
    cardEnd: round(Math.min(cardEnd, duration)),
    duration: round(duration),
  };
}

/** Longest stretch without a new framing of the background. */
export const REDDIT_BEAT_MAX_S = 3.2;
/** Beats closer than this to the previous one are skipped (no punch-on-punch). */
const BEAT_MIN_S = 1.4;
/** How long a zoom punch takes. */
const PUNCH_S = 0.3;

/** Framings of the gameplay the camera cycles through (scale about the centre, pan in pixels). */
const FRAMINGS: readonly Omit<Keyframe, "t">[] = [
  { scale: 1.06, x: 0, y: 0 },
  { scale: 1.12, x: -40, y: -30 },
  { scale: 1.08, x: 35, y: 30 },
  { scale: 1.16, x: 0, y: -60 },
  { scale: 1.1, x: -30, y: 40 },
  { scale: 1.14, x: 45, y: -20 },
];

/**
 * The framing the camera takes at its i-th beat: the table in turn, each later round through it zoomed
 * a little further and moved (by irrational steps, inside the zoomed margin). The gameplay loops under
 * the story and its worlds repeat within a clip, so a round framed like an earlier one could show the
 * same stretch of footage exactly as before.
 */
export function redditFraming(i: number): Omit<Keyframe, "t"> {
  const base = FRAMINGS[i % FRAMINGS.length] as Omit<Keyframe, "t">;
  const lap = Math.floor(i / FRAMINGS.length);
  if (lap === 0) return base;
  const scale = round(base.scale + 0.015 * (1 + (lap % 3)));
  const move = (from: number, step: number, half: number) => {
    const reach = (scale - 1) * half * 0.8;
    return Math.round(Math.max(-reach, Math.min(reach, from + 30 * (((lap * step) % 1) * 2 - 1))));
  };
  return { scale, x: move(base.x, 0.618034, 540), y: move(base.y, 0.414214, 960) };
}

/**
 * When the background changes framing: the start, each sentence's first word, and in between so no
 * stretch is longer than REDDIT_BEAT_MAX_S.
 */
export function redditBeats(words: readonly TimedWord[], starts: readonly number[], duration: number): number[] {
  const marks = [0, ...starts];
  words.forEach((w, i) => {
    const before = words[i - 1];
    if (before && /[.!?…]["')\]]*$/u.test(before.text)) marks.push(w.start);
  });
  marks.sort((a, b) => a - b);
  const beats: number[] = [];
  for (const m of marks) {
    const last = beats.at(-1);
    if (m >= duration - BEAT_MIN_S) break;
    if (last === undefined || m - last >= BEAT_MIN_S) beats.push(m);
  }
  // Fill long stretches with evenly spaced beats.
  const filled: number[] = [];
  [...beats, duration].forEach((b, i, all) => {
    const previous = all[i - 1];
    if (previous !== undefined) {
      const parts = Math.ceil((b - previous) / REDDIT_BEAT_MAX_S);
      for (let k = 1; k < parts; k++) filled.push(previous + ((b - previous) * k) / parts);
    }
    if (i < all.length - 1) filled.push(b);
  });
  return filled.map((t) => round(t)).sort((a, b) => a - b);
}

/**
 * The camera over the gameplay: at each beat a quick zoom punch into the next framing (redditFraming),
 * then a slow drift until the next beat, so the picture is never framed the same for long.
 */
export function redditCamera(beats: readonly number[], duration: number): Keyframe[] {
  const keyframes: Keyframe[] = [{ t: 0, scale: 1.02, x: 0, y: 0 }];
  beats.forEach((b, i) => {
    const framing = redditFraming(i);
    const next = Math.min(beats[i + 1] ?? duration, duration);
    const punch = Math.min(b + PUNCH_S, (b + next) / 2);
    keyframes.push({ t: round(punch), ...framing, scale: framing.scale + 0.04 });
    // A slow pull back on the way to the next beat.
    keyframes.push({ t: round(next), ...framing });
  });
  return keyframes.filter((k, i, all) => i === 0 || k.t > (all[i - 1] as Keyframe).t);
}

/** How long a Reddit story lasts: the voice-over with its pauses. */
export function redditDuration(voice: RedditVoice): number {
  return redditTimeline(voice).duration;
}

/**
 * Reddit story: the voice over looping gameplay, the camera punching in and reframing on each
 * sentence; the post card (the creator's subreddit and counts, none made up) from the first frame while
 * the title is read; the story from at most 3 s in, in word captions of the chosen style; music ducked
 * under the voice. The length follows the voice.
 */
export function redditRecipe(
  input: RedditInput,
  assets: RedditAssets,
  voice: RedditVoice,
  options: RedditOptions = {},
): RecipeComposition {
  const { lead } = REDDIT_TIMING;
  const timeline = redditTimeline(voice);
  const { duration, scriptStart, cardEnd, titlePlayed } = timeline;
  const words = shiftWords(voice.script.words, scriptStart);
  const beats = redditBeats(words, [round(scriptStart)], duration);
  const title: AudioLayer[] =
    titlePlayed > 0
      ? [
          {
            ...voiceLayer({ audioPath: voice.title.audioPath, duration: titlePlayed }, lead),
            fadeOut: timeline.titleCut ? TITLE_CUT_TAIL_S : 0,
          },
        ]
      : [];
  return {
    duration,
    layers: [
      {
        kind: "video",
        src: assets.background,
        loop: true,
        fit: "cover",
        motion: { mode: "camera", easing: "ease-in-out", keyframes: redditCamera(beats, duration) },
      },
      {
        kind: "reddit-card",
        username: input.username,
        title: input.post_title,
        avatar: assets.avatar,
        subreddit: input.subreddit || REDDIT_DEFAULT_SUBREDDIT,
        upvotes: input.upvotes ?? null,
        comments: input.comments ?? null,
        theme: options.cardTheme ?? "light",
        start: 0,
        end: cardEnd,
        fadeOut: 0.2,
        // Clear of the platforms' button column at its largest (the motion overshoots to 1.02).
        box: { x: 140, y: 508, width: 800, height: 704 },
        motion: {
          mode: "object",
          easing: "ease-in-out",
          keyframes: [
            { t: 0, scale: 0.82, x: 0, y: 40 },
            { t: 0.28, scale: 1.02, x: 0, y: 0 },
            { t: 0.4, scale: 1, x: 0, y: 0 },
          ],
        },
      },
    ],
    audio: [...title, voiceLayer(voice.script, scriptStart), ...musicBed(assets.music, duration, { underVoice: true })],
    ducking: VOICE_DUCKING,
    captions: {
      style: input.caption_style,
      words,
      position: 0.5,
      language: input.language,
    },
    // The card, grown in and still on screen.
    thumbnailAt: round(
      Math.max(0, Math.min(duration - 0.1, cardEnd - 0.1, lead + Math.max(0.5, Math.min(1.2, titlePlayed / 2)))),
    ),
  };
}
