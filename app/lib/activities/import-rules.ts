import { IMPORT_MAX_HOURS, IMPORT_MAX_MINUTES, IMPORT_PROOF_MAX_FILES, UNABLE_TO_PROCESS_MESSAGE } from '~/lib/constants';

/** Spec 2 §5 import rules, one set for the wizard machine and the server. Exact texts. */
export const IMPORT_MESSAGES = {
  platform: 'You need to select platform to migrate from.',
  timeSpent: 'You need to fill total time spent',
  daysInteger: 'You need to fill days in integer',
  hoursInteger: 'You need to fill hours in integer',
  minutesInteger: 'You need to fill minutes in integer',
  daysNegative: 'Days should be not be less than zero',
  hoursRange: 'Hours should be between 0 and 23',
  minutesRange: 'Minutes should be between 0 and 59',
  distance: 'You need to fill over all distance',
  elevation: 'You need to fill over all elevation',
  profileLink: 'You need to provide profile link',
  profileLinkInvalid: 'Profile link should be a valid link',
  proofFile: 'You need to provide proof file',
  proofType: 'Proof files must be images or PDF.',
  tooManyFiles: 'You can only upload maximum 10 files.',
  /** Not in the spec: the server's limit per proof file. */
  proofSize: 'Each proof file must be at most 8 MB.',
  /** When the server gives no list (or no answer): the spec's general failure text. */
  submitFailed: UNABLE_TO_PROCESS_MESSAGE,
} as const;

export const PLATFORMS = ['Strava', 'Zwift', 'Trainer road', 'Rouvy', 'Bkool', 'Others'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface StatsInput {
  days: string;
  hours: string;
  minutes: string;
  distance: string;
  distanceUnit: 'kilometers' | 'miles';
  elevation: string;
}

export interface ProofInput {
  profileLink: string;
  fileCount: number;
}

export type FieldErrors = Partial<Record<'platform' | 'time' | 'days' | 'hours' | 'minutes' | 'distance' | 'elevation' | 'profileLink' | 'files', string>>;

const INTEGER = /^-?\d+$/;
const NUMBER = /^\d+(\.\d+)?$/;

export function validatePlatform(platform: string): FieldErrors {
  return (PLATFORMS as readonly string[]).includes(platform) ? {} : { platform: IMPORT_MESSAGES.platform };
}

export function validateStats(input: StatsInput): FieldErrors {
  const errors: FieldErrors = {};
  const days = input.days.trim();
  const hours = input.hours.trim();
  const minutes = input.minutes.trim();
  if (!days && !hours && !minutes) errors.time = IMPORT_MESSAGES.timeSpent;
  else {
    if (!INTEGER.test(days)) errors.days = IMPORT_MESSAGES.daysInteger;
    else if (Number(days) < 0) errors.days = IMPORT_MESSAGES.daysNegative;
    if (!INTEGER.test(hours)) errors.hours = IMPORT_MESSAGES.hoursInteger;
    else if (Number(hours) < 0 || Number(hours) > IMPORT_MAX_HOURS) errors.hours = IMPORT_MESSAGES.hoursRange;
    if (!INTEGER.test(minutes)) errors.minutes = IMPORT_MESSAGES.minutesInteger;
    else if (Number(minutes) < 0 || Number(minutes) > IMPORT_MAX_MINUTES) errors.minutes = IMPORT_MESSAGES.minutesRange;
  }
  if (!NUMBER.test(input.distance.trim())) errors.distance = IMPORT_MESSAGES.distance;
  if (!NUMBER.test(input.elevation.trim())) errors.elevation = IMPORT_MESSAGES.elevation;
  return errors;
}

export function validateProof(input: ProofInput): FieldErrors {
  const errors: FieldErrors = {};
  const link = input.profileLink.trim();
  if (!link) errors.profileLink = IMPORT_MESSAGES.profileLink;
  else if (!isHttpUrl(link)) errors.profileLink = IMPORT_MESSAGES.profileLinkInvalid;
  if (input.fileCount === 0) errors.files = IMPORT_MESSAGES.proofFile;
  else if (input.fileCount > IMPORT_PROOF_MAX_FILES) errors.files = IMPORT_MESSAGES.tooManyFiles;
  return errors;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
