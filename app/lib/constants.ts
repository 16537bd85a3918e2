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

// ── Accounts and sessions (spec 1 §5, §9; issue 3) ──────────────────────────────────────

/** Spec 1 §9 "password minimum 6 characters". */
export const PASSWORD_MIN_CHARS = 6;
/** Spec 1 §9 "Minimum registration age 6; adult threshold in the consent notice 18". */
export const MIN_REGISTRATION_AGE_YEARS = 6;
export const ADULT_AGE_YEARS = 18;
/** Spec 1 §5 weight: male (0) minimum 50, female (1) minimum 45, maximum 140. */
export const WEIGHT_MIN_KG = { 0: 50, 1: 45 } as const;
export const WEIGHT_MAX_KG = 140;
/** Spec 1 §5 "Height: 50 to 250". */
export const HEIGHT_MIN_CM = 50;
export const HEIGHT_MAX_CM = 250;
/** Spec 1 §9 "Parental consent resend wait 300 s; consent redirect 720000 ms". */
export const PARENTAL_CONSENT_RESEND_WAIT_S = 300;
export const PARENTAL_CONSENT_REDIRECT_MS = 720_000;
/** Spec 1 §9 "Avatar path longer than 25 characters means a custom avatar; avatar size 200x200". */
export const CUSTOM_AVATAR_MIN_PATH_CHARS = 26;
export const AVATAR_SIZE_PX = 200;
/** Issue 3 "codes ... expiring within 10 minutes" (decision 011). */
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
/** Decision 011: five wrong guesses spend a code (a 6-digit code cannot be brute-forced). */
export const VERIFICATION_MAX_FAILED_ATTEMPTS = 5;
/** Decision 012: the robot-check challenge lives 5 minutes; a spent one is remembered as long. */
export const ROBOT_CHECK_TTL_MS = 5 * 60 * 1000;
/** Spec 1 §9 avatar upload: decision 013 caps it at 5 MB like the spec's other images. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
