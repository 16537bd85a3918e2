/**
 * The country list of the profile and register forms. Ids follow the platform's numbering,
 * in which 246 is the United Arab Emirates, the default (spec 1 §9, decision 016).
 */
export interface Country {
  id: number;
  name: string;
}

export const COUNTRIES: Country[] = [
  { id: 14, name: 'Australia' },
  { id: 15, name: 'Austria' },
  { id: 18, name: 'Bahrain' },
  { id: 22, name: 'Belgium' },
  { id: 31, name: 'Brazil' },
  { id: 39, name: 'Canada' },
  { id: 45, name: 'China' },
  { id: 60, name: 'Denmark' },
  { id: 65, name: 'Egypt' },
  { id: 76, name: 'France' },
  { id: 83, name: 'Germany' },
  { id: 101, name: 'India' },
  { id: 106, name: 'Ireland' },
  { id: 109, name: 'Italy' },
  { id: 112, name: 'Japan' },
  { id: 113, name: 'Jordan' },
  { id: 118, name: 'Kuwait' },
  { id: 121, name: 'Lebanon' },
  { id: 156, name: 'Netherlands' },
  { id: 158, name: 'New Zealand' },
  { id: 166, name: 'Norway' },
  { id: 167, name: 'Oman' },
  { id: 168, name: 'Pakistan' },
  { id: 178, name: 'Portugal' },
  { id: 179, name: 'Qatar' },
  { id: 194, name: 'Saudi Arabia' },
  { id: 205, name: 'South Africa' },
  { id: 207, name: 'Spain' },
  { id: 213, name: 'Sweden' },
  { id: 214, name: 'Switzerland' },
  { id: 230, name: 'Turkey' },
  { id: 246, name: 'United Arab Emirates' },
  { id: 247, name: 'United Kingdom' },
  { id: 248, name: 'United States' },
];

export const COUNTRY_IDS = new Set(COUNTRIES.map((country) => country.id));
