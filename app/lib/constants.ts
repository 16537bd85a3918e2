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
