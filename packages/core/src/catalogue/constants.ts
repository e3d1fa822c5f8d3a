/** Business constants of spec section 9. */
export const SIGNUP_BONUS_CREDITS = 20;
/** Sign-up bonuses granted per client address (an IPv6 /64) per UTC day; later accounts start with 0 credits. */
export const SIGNUP_BONUS_DAILY_CAP = 3;
export const MINUTES_SAVED_PER_VIDEO = 39;
export const VIDEO_PAGE_SIZE = 24;
export const VIDEO_LIST_POLL_MS = 60_000;
export const SEARCH_DEBOUNCE_MS = 300;
export const CREDITS_REFRESH_DEBOUNCE_MS = 800;
export const MOBILE_BREAKPOINT_PX = 1024;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** A creator's own background footage (MP4, MOV or WebM) is larger: at most 100 MB. */
export const BACKGROUND_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/**
 * The largest picture the product takes: 50 megapixels in all and 12000 px on either side (phone
 * photos are 12-48 MP). Decoding one costs about 4 bytes a pixel, so a small file claiming 30000 x
 * 30000 px would otherwise ask for 3.6 GB.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const IMAGE_MAX_SIDE = 12_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;

/** Reddit builder limits (spec sections 5 and 9). */
export const REDDIT_USERNAME_MAX = 15;
export const REDDIT_TITLE_MAX = 150;
export const REDDIT_SCRIPT_MAX = 1800;
/** A subreddit's name, as Reddit allows it: 3 to 21 letters, digits or underscores. */
export const REDDIT_SUBREDDIT_MIN = 3;
export const REDDIT_SUBREDDIT_MAX = 21;
/** The subreddit the post card names when the creator names none. */
export const REDDIT_DEFAULT_SUBREDDIT = "AskReddit";
/** The largest upvote or comment count the post card takes (drawn as 99.9M). */
export const REDDIT_COUNT_MAX = 99_999_999;
/** Green-screen caption: max 150, counter warns at 125 and turns red at 140. */
export const GREEN_SCREEN_CAPTION_MAX = 150;
export const GREEN_SCREEN_CAPTION_WARN = 125;
export const GREEN_SCREEN_CAPTION_DANGER = 140;
/** Green-screen preview chroma key (spec section 9). */
export const CHROMA_KEY = { similarity: 0.18, smoothness: 0.12, maxFps: 30 } as const;
/** The screen colour the meme library is shot on, keyed out by CHROMA_KEY. */
export const CHROMA_KEY_COLOR = "#00FF00";
/** How far the user may shrink or grow the meme, relative to its default size. */
export const GREEN_SCREEN_MEME_SCALE_MIN = 0.4;
export const GREEN_SCREEN_MEME_SCALE_MAX = 2;
/** Length of a green-screen video: 5 to 12 s (the meme format's), long enough to read the caption. */
export const GREEN_SCREEN_MIN_S = 5;
export const GREEN_SCREEN_MAX_S = 12;
/** Text-hook on-screen hook and UGC copy limits. */
export const HOOK_TEXT_MAX = 150;
/** The part of the song a music video uses: 10 to 30 s, 15 s unless the musician picks another length. */
export const SONG_CLIP_MIN_S = 10;
export const SONG_CLIP_MAX_S = 30;
export const SONG_CLIP_DEFAULT_S = 15;
export const UGC_PRODUCT_NAME_MAX = 80;
export const UGC_COPY_MAX = 600;
/** How long a Reddit story video runs best (quality.md: 45-90 s). */
export const REDDIT_MIN_S = 45;
export const REDDIT_MAX_S = 90;
/** How long an ad runs (quality.md: 15-30 s; past 30 s viewers of an ad swipe on). */
export const UGC_MIN_S = 15;
export const UGC_MAX_S = 30;
/** The fastest the voice is asked to read to fit an ad in UGC_MAX_S: faster reads as rushed. */
export const UGC_MAX_SPEED = 1.25;
/** The closing call to action after the last word, and the pauses before the hook and before the copy. */
export const UGC_OUTRO_S = 2.2;
export const UGC_LEAD_S = 0.3;
export const UGC_GAP_S = 0.3;

/** Public site (spec section 9): clip carousel speed in px/s, how-it-works auto-advance, fixed counts. */
export const CLIP_CAROUSEL_SPEED = 140;
export const HOW_IT_WORKS_INTERVAL_MS = 10_500;
export const SHOWCASE_CLIP_COUNT = 16;
export const TESTIMONIAL_COUNT = 6;
export const FAQ_ENTRY_COUNT = 15;
export const BLOG_ARTICLE_COUNT = 5;
/** Contact form field limits. */
export const CONTACT_NAME_MAX = 80;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;
