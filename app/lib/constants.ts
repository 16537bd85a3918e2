/**
 * Business constants of the spec, each with the line it comes from and its unit in its name.
 * Areas add theirs here so a number from the spec is written exactly once.
 */

/** Spec 3 §9 "Alert popups auto-close after 10 seconds." */
export const TOAST_AUTO_CLOSE_MS = 10_000;

/** Spec 1 §9 "Session check every 120000 ms". */
export const SESSION_CHECK_MS = 120_000;

/** Spec 3 §9 "Upload limit 8 MB (8388608 bytes)." */
export const EVENT_UPLOAD_MAX_BYTES = 8_388_608;

/** Spec 3 §9 "Carousel breakpoints are 600px and 1000px." */
export const CAROUSEL_BREAKPOINTS_PX = { two: 600, three: 1000 } as const;

/** Spec 3 §9 "Teams page size is 15." and §2 "a window of 2 pages either side". */
export const TEAMS_PAGE_SIZE = 15;
export const TEAMS_PAGE_WINDOW = 2;

/** Spec 1 §9 "default country id 246". */
export const DEFAULT_COUNTRY_ID = 246;

/** Spec 3 §5 "Message must be at least 10 characters long". */
export const CONTACT_MESSAGE_MIN_CHARS = 10;

/* Site shell and content pages (spec 3 §2 "Site shell", "Content pages") */

/** Spec 3 §9 "The footer is hidden when d=m." — the query parameter, its value and where it is remembered. */
export const EMBEDDED_DISPLAY_PARAM = 'd';
export const EMBEDDED_DISPLAY_VALUE = 'm';
export const EMBEDDED_DISPLAY_STORAGE_KEY = 'paceline_display';

/** Spec 3 §8 "No response received". */
export const NO_RESPONSE_MESSAGE = 'No response received. We regret the inconvenience. Please try again later.';

/** How long the WordPress CMS's answers are reused before asking again. */
export const CMS_CACHE_TTL_MS = 60_000;
