/**
 * Business constants of the spec, each with the line it comes from and its unit in its name.
 * Areas add theirs here so a number from the spec is written exactly once.
 */

/** Spec 3 §9 "Alert popups auto-close after 10 seconds." */
export const TOAST_AUTO_CLOSE_MS = 10_000;

/** Spec 1 §9 "Session check every 120000 ms". */
export const SESSION_CHECK_MS = 120_000;
/** When the session check got no answer, the next try (not in the spec: decision 135). */
export const SESSION_OFFLINE_RETRY_MS = 30_000;

/** Spec 3 §9 "Upload limit 8 MB (8388608 bytes)." */
export const EVENT_UPLOAD_MAX_BYTES = 8_388_608;

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
/** Spec 1 §8's alert when a connection fails; also what an e-mailed link's page says when its check gets no usable answer. */
export const ERROR_TRY_AGAIN_MESSAGE = 'An error has occurred. Please try again';
/** Spec 2 §8's general failure: no checkout session for a payment, no answer to an import. */
export const UNABLE_TO_PROCESS_MESSAGE = 'Unable to process at this moment. Please try again later.';
/** Ours: a call failed and its answer names nothing the rider can act on. */
export const SOMETHING_WENT_WRONG_MESSAGE = 'Something went wrong. Please try again.';
/** Spec 1 §8: the alert when a file download fails. */
export const DOWNLOAD_FAILED_MESSAGE = 'Error download file. Please try again';

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
// ── Activities (spec 2 §2–§9, spec 3 "Ride analysis view") ──────────────────────────────

/** Spec 2 §9 "Comparison limit: 2 activities." */
export const COMPARE_LIMIT = 2;
/** Activities per page of the ACTIVITIES tab (spec 2 §4 "Activities paging"; size not given). */
export const ACTIVITIES_PAGE_SIZE = 20;
/** Largest FIT upload accepted: a 12-hour 1 Hz recording is ~3 MB; 16 MiB leaves room. */
export const ACTIVITY_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;
/** Longest ride accepted: 24 h of one-second samples (issue 15: a plausible day, not a stall). */
export const RIDE_MAX_SAMPLES = 24 * 60 * 60;
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
/** The FTP a rider may set on the profile (decision 106; the spec gives no range): whole watts in this range. */
export const FTP_SET_MIN_W = 50;
export const FTP_SET_MAX_W = 600;
/**
 * Threshold detection (decision 141): a ride of at least this long whose IF would be above
 * IF_HOUR_CEILING shows a threshold of at least NP / IF_HOUR_CEILING (nobody holds more than
 * about 105 % of threshold for an hour: Coggan's reading of IF).
 */
export const HOUR_RIDE_S = 3600;
export const IF_HOUR_CEILING = 1.05;
/** Fitness and fatigue (decision 142): exponentially weighted daily load over these many days. */
export const FITNESS_DAYS = 42;
export const FATIGUE_DAYS = 7;
/** The power-duration model (decision 143) is fitted to the mean-max curve of these windows. */
export const MODEL_WINDOWS_DAYS = [42, 90] as const;
/** Spec 2 §9 category thresholds: CAT-1 above 4.0 W/kg, CAT-2 1.0 to 3.9. */
export const CATEGORY_ONE_MIN_W_PER_KG = 4.0;
export const CATEGORY_TWO_MIN_W_PER_KG = 1.0;
/** Level: one level per 250 km ridden, from 1, capped at 50. */
export const LEVEL_KM = 250;
export const LEVEL_MAX = 50;

// --- Verified measurements (staff weigh-ins, decision 047) ---
/** Kids weigh less than the adult profile minimum; the maximum is the profile's (spec 1 §5). */
export const VERIFIED_WEIGHT_MIN_KG = 20;

/** Spec 1 §4 "Connect … with a random state": how long a started Connect may take to come back. */
export const NETWORK_STATE_TTL_MS = 10 * 60_000;
/** How often the Connections tab re-reads a running import's progress. */
export const NETWORK_IMPORT_POLL_MS = 2_000;
/** How many recent activities one import brings in from a network. */
export const NETWORK_IMPORT_MAX_ACTIVITIES = 30;
/** Partner authorization codes: single-use and short-lived (RFC 9700 §4.5 / RFC 6749 §4.1.2: 10 min at most). */
export const PARTNER_CODE_TTL_MS = 60_000;
export const PARTNER_ACCESS_TOKEN_TTL_S = 3_600;
export const PARTNER_REFRESH_TOKEN_TTL_S = 30 * 86_400;
// --- In-game shop and payments (issue 11, docs/shop-and-payments.md) ---
/** Spec 2 §9 "Payment polling: 3 attempts, 10000 ms apart." */
export const PAYMENT_POLL_ATTEMPTS = 3;
export const PAYMENT_POLL_INTERVAL_MS = 10_000;
/** Spec 2 §9 "Post-purchase dialog delay: 700 ms." */
export const PURCHASE_DIALOG_DELAY_MS = 700;
/** Spec 2 §9 "Confetti on success: 150 particles." */
export const PURCHASE_CONFETTI_PARTICLES = 150;
/** Spec 2 §9 "Gem-bar scale 0 to 100" (the AERO and WEIGHT bars of Quick View). */
export const SHOP_BAR_MAX = 100;
/** Webhooks signed longer ago than this are refused (replay window, decision 081). */
export const PAYMENT_WEBHOOK_TOLERANCE_S = 300;
/** Orders still pending after this long are asked about by the reconciler (decision 082). */
export const PAYMENT_RECONCILE_AFTER_MS = 60_000;
// ── Wallet (spec 1 §4, §5, §9; issue 10) ──────────────────────────────────────────────

/** Spec 1 §9 "Transactions 10 per page; search debounce 500 ms; page-number window up to 5 numbers." */
export const WALLET_TRANSACTIONS_PER_PAGE = 10;
export const WALLET_SEARCH_DEBOUNCE_MS = 500;
export const WALLET_PAGE_WINDOW_SIZE = 5;
/** Spec 1 §4 "'Wait Ns' countdown from 60"; §9 "code resend wait 60 s". */
export const WALLET_CODE_RESEND_WAIT_S = 60;
/** Spec 1 §9 "passport 5 MB, up to 5 screenshots of 5 MB each". */
export const WALLET_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const WALLET_SCREENSHOTS_MAX = 5;
/** Spec 1 §9 "minimum withdrawal default 0.000001" (BTC), in satoshi. */
export const WALLET_MIN_WITHDRAWAL_SATOSHI = 100n;
/** Spec 1 §9 "a monthly transaction limit … the actual values … are not shown": decision 070. */
export const WALLET_MAX_WITHDRAWALS_PER_MONTH = 10;
/** Spec 1 §9 "a warning when 3 or fewer transactions remain". */
export const WALLET_REMAINING_WARNING_AT = 3;
/** Spec 1 §9 "a processing fee rate (percent of the amount)": 1.5 %, in basis points (decision 071). */
export const WALLET_FEE_BASIS_POINTS = 150;
/** Spec 1 §5 "success … then /wallet after 1.5 s". */
export const WALLET_WITHDRAWAL_REDIRECT_MS = 1_500;
/** balanceUSD: a configured reference rate, US cents per BTC (decision 072: no live price feed). */
export const WALLET_USD_CENTS_PER_BTC = 6_500_000n;

/* A rider's data (issue 26; not in the spec: decision 128) */

/** How long a copy of a rider's data can be downloaded once built. */
export const DATA_EXPORT_VALID_DAYS = 7;

/** How often the profile asks how far a copy has been built. */
export const DATA_EXPORT_POLL_MS = 2_000;

/** Rides one "Download selected" zip may hold. */
export const RIDES_ZIP_MAX = 100;
