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

// ── Activities (spec 2 §2–§9, spec 3 "Ride analysis view") ──────────────────────────────

/** Spec 2 §9 "Comparison limit: 2 activities." */
export const COMPARE_LIMIT = 2;
/** Activities per page of the ACTIVITIES tab (spec 2 §4 "Activities paging"; size not given). */
export const ACTIVITIES_PAGE_SIZE = 20;
/** Largest FIT upload accepted: a 12-hour 1 Hz recording is ~3 MB; 16 MiB leaves room. */
export const ACTIVITY_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;
/** Spec 2 §9 "Import proof: at most 10 files". */
export const IMPORT_PROOF_MAX_FILES = 10;
/** Largest proof file (spec 3 §9's general upload limit, 8 MB). */
export const IMPORT_PROOF_MAX_BYTES = 8_388_608;
/** Spec 2 §9 "Hours 0 to 23, minutes 0 to 59." */
export const IMPORT_MAX_HOURS = 23;
export const IMPORT_MAX_MINUTES = 59;
/** Spec 2 §9 "Import review promise: within 7 business days." */
export const IMPORT_REVIEW_BUSINESS_DAYS = 7;
/** Spec 2 §2 bar chart "Bar thickness 30, maximum 50". */
export const PROGRESS_BAR_THICKNESS_PX = 30;
export const PROGRESS_BAR_MAX_PX = 50;
/** Spec 3 "Power graph defaults: hop 1, gap 15." (seconds between points; seconds between ticks). */
export const POWER_GRAPH_HOP_S = 1;
export const POWER_GRAPH_GAP_S = 15;
/** Spec 3 durations: up to 60 s in seconds, up to 60 min in minutes, otherwise hours. */
export const DURATION_SECONDS_MAX_S = 60;
export const DURATION_MINUTES_MAX_S = 3600;
/** FTP from the best 20 minutes (docs/activities.md "FTP, category, level"). */
export const FTP_TEST_DURATION_S = 1200;
export const FTP_OF_TWENTY_MINUTES = 0.95;
/** With no 20-minute effort yet, FTP is assumed at this many W/kg (or FTP_DEFAULT_W without weight). */
export const FTP_DEFAULT_W_PER_KG = 2.5;
export const FTP_DEFAULT_W = 180;
/** Spec 2 §9 category thresholds: CAT-1 above 4.0 W/kg, CAT-2 1.0 to 3.9. */
export const CATEGORY_ONE_MIN_W_PER_KG = 4.0;
export const CATEGORY_TWO_MIN_W_PER_KG = 1.0;
/** Level: one level per 250 km ridden, from 1, capped at 50. */
export const LEVEL_KM = 250;
export const LEVEL_MAX = 50;
