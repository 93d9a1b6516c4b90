/** Keys and timings fixed by the spec (performance-messaging-templates §9). */

/** Where the session lives on the device. */
export const AUTH_STORAGE_KEY = 'coach-app-auth';
/** Where the theme configuration lives on the device. */
export const THEME_STORAGE_KEY = 'theme-config';

/** How often the session's expiry is checked. */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
/** Refresh once fewer than this many milliseconds of the access token remain. */
export const SESSION_REFRESH_MARGIN_MS = 90_000;

/** Minimum length of a new password. */
export const MIN_PASSWORD_LENGTH = 6;
/** Delay before the reset-password success screen goes back to sign in. */
export const RESET_REDIRECT_DELAY_MS = 3_000;

/** E-mails one recipient may receive per window. */
export const EMAIL_RATE_LIMIT = 30;
export const EMAIL_RATE_WINDOW_MS = 60 * 60 * 1000;

/** Longest wait between two realtime reconnection attempts. */
export const REALTIME_MAX_BACKOFF_MS = 10_000;
