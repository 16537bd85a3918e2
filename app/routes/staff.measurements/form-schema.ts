import { z } from 'zod';
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM, VERIFIED_WEIGHT_MIN_KG, WEIGHT_MAX_KG } from '~/lib/constants';
import { typedText, withCrossFieldRules } from '~/lib/form-rules';

export const MEASUREMENT_MESSAGES = {
  email: "Enter the rider's email.",
  noRider: 'No rider with this email.',
  nothing: 'Enter a weight, a height or both.',
  weight: `Weight must be between ${VERIFIED_WEIGHT_MIN_KG} and ${WEIGHT_MAX_KG} kg.`,
  height: `Height must be between ${HEIGHT_MIN_CM} and ${HEIGHT_MAX_CM} cm.`,
  date: 'Enter the day of the measurement (not in the future).',
} as const;

const today = () => new Date().toISOString().slice(0, 10);

// "Nothing entered" is said with the other fields' messages (decision 182), and not beside a value typed but refused.
export const MeasurementSchema = withCrossFieldRules(
  z.object({
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
  }),
  (values, ctx) => {
    if (values.weightKg === undefined && values.heightCm === undefined)
      ctx.addIssue({ code: 'custom', message: MEASUREMENT_MESSAGES.nothing, path: ['weightKg'] });
  },
  { weightKg: typedText, heightCm: typedText },
);

export type MeasurementInput = z.infer<typeof MeasurementSchema>;
