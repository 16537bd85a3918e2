import { z } from 'zod';
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM, VERIFIED_WEIGHT_MIN_KG, WEIGHT_MAX_KG } from '~/lib/constants';

export const MEASUREMENT_MESSAGES = {
  email: "Enter the rider's email.",
  noRider: 'No rider with this email.',
  nothing: 'Enter a weight, a height or both.',
  weight: `Weight must be between ${VERIFIED_WEIGHT_MIN_KG} and ${WEIGHT_MAX_KG} kg.`,
  height: `Height must be between ${HEIGHT_MIN_CM} and ${HEIGHT_MAX_CM} cm.`,
  date: 'Enter the day of the measurement (not in the future).',
} as const;

const today = () => new Date().toISOString().slice(0, 10);

export const MeasurementSchema = z
  .object({
    email: z.string({ required_error: MEASUREMENT_MESSAGES.email }).trim().email(MEASUREMENT_MESSAGES.email),
    weightKg: z
      .number({ invalid_type_error: MEASUREMENT_MESSAGES.weight })
      .min(VERIFIED_WEIGHT_MIN_KG, MEASUREMENT_MESSAGES.weight)
      .max(WEIGHT_MAX_KG, MEASUREMENT_MESSAGES.weight)
      .optional(),
    heightCm: z
      .number({ invalid_type_error: MEASUREMENT_MESSAGES.height })
      .min(HEIGHT_MIN_CM, MEASUREMENT_MESSAGES.height)
      .max(HEIGHT_MAX_CM, MEASUREMENT_MESSAGES.height)
      .optional(),
    measuredOn: z
      .string({ required_error: MEASUREMENT_MESSAGES.date })
      .regex(/^\d{4}-\d{2}-\d{2}$/, MEASUREMENT_MESSAGES.date)
      .refine((day) => day <= today(), MEASUREMENT_MESSAGES.date),
  })
  .refine((value) => value.weightKg !== undefined || value.heightCm !== undefined, { message: MEASUREMENT_MESSAGES.nothing, path: ['weightKg'] });

export type MeasurementInput = z.infer<typeof MeasurementSchema>;
