/** Domain values of the events area, shared by the schema, the services and the browser (no Drizzle here). */
/** Spec 3 §3 "categories, keyed 'Category 1' to 'Category 6'. Each has time, distance and elevation." */
export const CATEGORY_KEYS = ['Category 1', 'Category 2', 'Category 3', 'Category 4', 'Category 5', 'Category 6'] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];
interface EventCategory {
  /** Start time, HH:MM in GMT+4. */
  time: string;
  distanceKm: number;
  elevationM: number;
}
export type EventCategories = Partial<Record<CategoryKey, EventCategory>>;

export interface EventLinks {
  technical_guide?: string;
  guideline?: string;
  ruleset?: string;
  requirements?: string;
  course_details?: string;
}

/** One prize gate (a position band, a sprint, a KOM…): its heading and the amounts by place. */
export interface PrizeGate {
  gateType: string;
  heading: string;
  /** Amounts in the prize currency by place: index 0 is 1st. */
  prizes: number[];
}
/** Spec 3 §3 "Prize money": templateType, overall and per-day gates, currency, conversionRate. */
export interface PrizeMoney {
  templateType: 'SERIES' | 'SINGLE';
  currency: 'AED' | 'USD';
  /** AED per USD; USD amounts are amount / conversionRate to 2 decimals. */
  conversionRate: number;
  overall: PrizeGate[];
  /** Per day of a series: day number → gates. */
  day: { day: number; gates: PrizeGate[] }[];
}
