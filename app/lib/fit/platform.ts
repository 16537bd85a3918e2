/**
 * Where a ride was recorded, named from the FIT file's identity (file_id and the creator's
 * device_info): "Garmin Edge 810", "Wahoo ELEMNT", "Zwift", "Paceline" (decision 046).
 */
const PACELINE_PLATFORM = 'Paceline';
export const UNKNOWN_PLATFORM = 'Unknown device';

export interface FitIdentity {
  manufacturer?: string | number;
  garminProduct?: string | number;
  productName?: string;
}

/** FIT manufacturer ids as the SDK names them → how riders know the brand. */
const MANUFACTURERS: Record<string, string> = {
  // Paceline's game client writes the FIT "development" manufacturer id (in-house software).
  development: PACELINE_PLATFORM,
  garmin: 'Garmin',
  dynastream: 'Garmin',
  wahooFitness: 'Wahoo',
  zwift: 'Zwift',
  hammerhead: 'Hammerhead',
  sigmasport: 'SIGMA SPORT',
  tacx: 'Tacx',
  bryton: 'Bryton',
  polar: 'Polar',
  suunto: 'Suunto',
  coros: 'COROS',
  stages: 'Stages',
  srm: 'SRM',
  trainerroad: 'TrainerRoad',
  rouvy: 'Rouvy',
  bkool: 'Bkool',
  strava: 'Strava',
};

/** "edge810" → "Edge 810", "edgeMtb" → "Edge MTB", "fr945" → "FR 945" (vowel-less short words are initials). */
export function productLabel(name: string): string {
  return name
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word) => (/^[b-df-hj-np-tv-z]{1,4}$/i.test(word) ? word.toUpperCase() : word[0].toUpperCase() + word.slice(1)))
    .join(' ');
}

function manufacturerLabel(manufacturer: string): string {
  return MANUFACTURERS[manufacturer] ?? productLabel(manufacturer);
}

export function platformOf(identity: FitIdentity | undefined): string {
  const manufacturer = identity?.manufacturer;
  if (typeof manufacturer !== 'string' || manufacturer.length === 0) return UNKNOWN_PLATFORM;
  const brand = manufacturerLabel(manufacturer);
  if (brand === PACELINE_PLATFORM) return brand;
  const product = identity?.productName?.trim() || (typeof identity?.garminProduct === 'string' ? productLabel(identity.garminProduct) : '');
  return product && !product.toLowerCase().startsWith(brand.toLowerCase()) ? `${brand} ${product}` : product || brand;
}
