import type { FieldMetadata } from '@conform-to/react';
import type { RuleContext } from '~/lib/events/registration-schema';
import type { StepRequirements } from '~/lib/events/wizard-steps';

/** What every step component of the wizard is given: below the steps, so none imports another. */
export type WizardFields = Record<string, FieldMetadata<string, Record<string, string>, string[]>>;

export interface WizardLoaded {
  event: { id: number; name: string; teamHelpText: string | null; minCap: number | null; maxCap: number | null };
  requirements: StepRequirements;
  rules: RuleContext;
  existingFiles: { registrationId: number; idType: string | null; hasBack: boolean } | null;
}
