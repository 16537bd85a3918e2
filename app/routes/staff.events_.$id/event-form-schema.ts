import { z } from 'zod';
import { DEFAULT_PRIZE_CURRENCY } from '~/lib/constants';
import { CATEGORY_KEYS, type EventCategories, type PrizeMoney } from '~/lib/domain/events';
import type { EventInput, EventRow } from '~/services/events/events.server';

/** The staff event editor's fields (spec 3 §3 Event), and their mapping to the events table. */
const time = z.string().regex(/^\d{2}:\d{2}$/, 'Use HH:MM (GMT+4)');
const optionalNumber = z.coerce.number().optional();

const PrizeGateSchema = z.object({ gateType: z.string().min(1), heading: z.string().min(1), prizes: z.array(z.number().nonnegative()) });
export const PrizeMoneySchema: z.ZodType<PrizeMoney> = z.object({
  templateType: z.enum(['SERIES', 'SINGLE']),
  currency: z.enum(['AED', 'USD']).default(DEFAULT_PRIZE_CURRENCY),
  conversionRate: z.number().positive().default(3.6725),
  overall: z.array(PrizeGateSchema),
  day: z.array(z.object({ day: z.number().int().positive(), gates: z.array(PrizeGateSchema) })),
}) as z.ZodType<PrizeMoney>;

export const EventFormSchema = z.object({
  name: z.string({ required_error: 'Name is required.' }).trim().min(2).max(120),
  date: z.string({ required_error: 'Date is required.' }).regex(/^\d{4}-\d{2}-\d{2}$/),
  time: time,
  gender: z.enum(['0', '1', '2']).default('2'),
  eventType: z.enum(['featured', 'all', 'open']).default('all'),
  dailyRide: z.boolean().default(false),
  accept: z.boolean().default(false),
  capacity: z.coerce.number({ required_error: 'Capacity is required.' }).int().min(1),
  days: z.coerce.number().int().min(1).max(30).default(1),
  categoryKey: z.enum(['0', '1', '2']).default('2'),
  distanceKm: z.coerce.number({ required_error: 'Distance is required.' }).positive(),
  elevationM: z.coerce.number().min(0).default(0),
  maxGrade: optionalNumber,
  laps: z.coerce.number().int().min(1).default(1),
  routeType: z.string().trim().optional(),
  image: z.string().trim().optional(),
  map: z.string().trim().optional(),
  description: z.string().trim().max(1000).default(''),
  detailsHtml: z.string().max(50_000).default(''),
  dobRequired: z.boolean().default(false),
  identification: z.boolean().default(false),
  device: z.boolean().default(false),
  team: z.boolean().default(false),
  otp: z.boolean().default(false),
  minCap: optionalNumber,
  maxCap: optionalNumber,
  teamHelpText: z.string().trim().optional(),
  technicalGuide: z.string().trim().optional(),
  ruleset: z.string().trim().optional(),
  requirements: z.string().trim().optional(),
  courseDetails: z.string().trim().optional(),
  countries: z
    .string()
    .trim()
    .regex(/^(\d+\s*(,\s*\d+\s*)*)?$/, 'Country ids separated by commas')
    .optional(),
  categories: z
    .array(z.object({ time: time.optional(), distanceKm: optionalNumber, elevationM: optionalNumber }))
    .max(CATEGORY_KEYS.length)
    .default([]),
  prizeMoney: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return null;
      try {
        const parsed = PrizeMoneySchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Prize money must be JSON' });
      }
      return z.NEVER;
    }),
});
export type EventFormValues = z.infer<typeof EventFormSchema>;

export function toEventInput(values: EventFormValues): EventInput {
  const categories: EventCategories = {};
  values.categories.forEach((category, index) => {
    if (category.time && category.distanceKm !== undefined) {
      categories[CATEGORY_KEYS[index]] = { time: category.time, distanceKm: category.distanceKm, elevationM: category.elevationM ?? 0 };
    }
  });
  return {
    name: values.name,
    date: values.date,
    time: values.time,
    gender: Number(values.gender),
    eventType: values.eventType,
    dailyRide: values.dailyRide,
    accept: values.accept,
    capacity: values.capacity,
    days: values.days,
    categoryKey: Number(values.categoryKey),
    distanceKm: values.distanceKm,
    elevationM: values.elevationM,
    maxGrade: values.maxGrade ?? null,
    laps: values.laps,
    routeType: values.routeType ?? null,
    image: values.image ?? null,
    map: values.map ?? null,
    description: values.description,
    detailsHtml: values.detailsHtml,
    dobRequired: values.dobRequired,
    identification: values.identification,
    device: values.device,
    team: values.team,
    otp: values.otp,
    minCap: values.minCap ?? null,
    maxCap: values.maxCap ?? null,
    teamHelpText: values.teamHelpText ?? null,
    countries: values.countries ? values.countries.split(',').map((id) => Number(id.trim())) : [],
    links: {
      technical_guide: values.technicalGuide,
      ruleset: values.ruleset,
      requirements: values.requirements,
      course_details: values.courseDetails,
    },
    categories,
    prizeMoney: values.prizeMoney,
  };
}

/** The form's initial values for an existing event (or a new one). */
export function formDefaults(event?: EventRow) {
  const categories = CATEGORY_KEYS.map((key) => {
    const category = event?.categories[key];
    return category ? { time: category.time, distanceKm: String(category.distanceKm), elevationM: String(category.elevationM) } : {};
  });
  if (!event) return { gender: '2', eventType: 'all', accept: 'on', capacity: '100', days: '1', categoryKey: '2', laps: '1', time: '18:00', categories };
  const flag = (value: boolean) => (value ? 'on' : undefined);
  const text = (value: number | null) => (value === null ? undefined : String(value));
  return {
    name: event.name,
    date: event.date,
    time: event.time,
    gender: String(event.gender),
    eventType: event.eventType,
    dailyRide: flag(event.dailyRide),
    accept: flag(event.accept),
    capacity: String(event.capacity),
    days: String(event.days),
    categoryKey: String(event.categoryKey),
    distanceKm: String(event.distanceKm),
    elevationM: String(event.elevationM),
    maxGrade: text(event.maxGrade),
    laps: String(event.laps),
    routeType: event.routeType ?? undefined,
    image: event.image ?? undefined,
    map: event.map ?? undefined,
    description: event.description,
    detailsHtml: event.detailsHtml,
    dobRequired: flag(event.dobRequired),
    identification: flag(event.identification),
    device: flag(event.device),
    team: flag(event.team),
    otp: flag(event.otp),
    minCap: text(event.minCap),
    maxCap: text(event.maxCap),
    teamHelpText: event.teamHelpText ?? undefined,
    technicalGuide: event.links.technical_guide ?? event.links.guideline,
    ruleset: event.links.ruleset,
    requirements: event.links.requirements,
    courseDetails: event.links.course_details,
    countries: event.countries.join(', '),
    categories,
    prizeMoney: event.prizeMoney ? JSON.stringify(event.prizeMoney, null, 2) : undefined,
  };
}
