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
// ── Events, registration wizard, teams and results (spec 3) ──

/** Spec 3 §9 "Minimum date-of-birth age 10 years." */
export const EVENT_MIN_AGE_YEARS = 10;
/** Spec 3 §9 "Proof-of-ID birth cutoffs 1980-12-31 and 2002-01-01" (on or before / on or after). */
export const PROOF_OF_ID_BORN_ON_OR_BEFORE = '1980-12-31';
export const PROOF_OF_ID_BORN_ON_OR_AFTER = '2002-01-01';
/** Spec 3 §9 "Height 100 to 300; weight 40 to 140." */
export const EVENT_RIDER_HEIGHT_MIN_CM = 100;
export const EVENT_RIDER_HEIGHT_MAX_CM = 300;
export const EVENT_RIDER_WEIGHT_MIN_KG = 40;
export const EVENT_RIDER_WEIGHT_MAX_KG = 140;
/** Spec 3 §9 "Phone 6 to 11 digits; OTP at least 6 characters". */
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 11;
export const PHONE_CODE_MIN_DIGITS = 6;
/** How long a sent phone code stays usable, and how many wrong tries it takes (not in the spec: decision 034). */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** A verified phone must be used by a registration within this time. */
export const PHONE_VERIFIED_VALID_MS = 60 * 60_000;
/** Spec 3 §9 "Default phone country code 971." */
export const DEFAULT_PHONE_COUNTRY = 'AE' as const;
/** Spec 3 §9 "Identity expiry at least 10 days ahead." */
export const ID_EXPIRY_MIN_DAYS_AHEAD = 10;
/** Spec 3 §9 "Event times are shown in GMT+4." */
export const EVENT_TIMEZONE_OFFSET_MINUTES = 240;
/** Spec 3 §9 "Category tables go up to 6 categories." */
export const EVENT_MAX_CATEGORIES = 6;
/** Spec 3 §9 "The prize chart shows the top 3 as a podium". */
export const PRIZE_PODIUM_PLACES = 3;
/** Spec 3 §9 "Default prize currency AED." */
export const DEFAULT_PRIZE_CURRENCY = 'AED' as const;

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
