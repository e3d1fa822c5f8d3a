/** Business constants of spec section 9. */
export const SIGNUP_BONUS_CREDITS = 20;
export const MINUTES_SAVED_PER_VIDEO = 39;
export const VIDEO_PAGE_SIZE = 24;
export const VIDEO_LIST_POLL_MS = 60_000;
export const SEARCH_DEBOUNCE_MS = 300;
export const CREDITS_REFRESH_DEBOUNCE_MS = 800;
export const MOBILE_BREAKPOINT_PX = 1024;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
