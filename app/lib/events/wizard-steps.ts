/**
 * The wizard's steps, which ones an event needs, and how a skipped one is recognised (spec 3 §2).
 * The one list of steps: the machine's states, the page's progress bar and the server's
 * skipped-step check are all built from WIZARD_STEPS and STEP_REQUIREMENT.
 */
export const WIZARD_STEPS = ['disclaimer', 'personal', 'rider', 'identity', 'device', 'team', 'phone'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const STEP_TITLES: Record<WizardStep, string> = {
  disclaimer: 'DISCLAIMER',
  personal: 'PERSONAL DETAILS',
  rider: 'RIDER DETAILS',
  identity: 'IDENTITY VERIFICATION',
  device: 'DEVICE DETAILS',
  team: 'TEAM',
  phone: 'PHONE VERIFICATION',
};

export interface StepRequirements {
  identification: boolean;
  device: boolean;
  team: boolean;
  otp: boolean;
}

/** The event setting a conditional step depends on; steps not listed are always shown. */
const STEP_REQUIREMENT: Partial<Record<WizardStep, keyof StepRequirements>> = {
  identity: 'identification',
  device: 'device',
  team: 'team',
  phone: 'otp',
};

export function stepIsRequired(step: WizardStep, requirements: StepRequirements): boolean {
  const requirement = STEP_REQUIREMENT[step];
  return requirement === undefined || requirements[requirement];
}

export function requiredSteps(requirements: StepRequirements): WizardStep[] {
  return WIZARD_STEPS.filter((step) => stepIsRequired(step, requirements));
}

/** Fields whose absence means a step was skipped rather than filled in wrongly. */
const STEP_FIELDS: Record<WizardStep, string[]> = {
  disclaimer: ['disclaimer'],
  personal: ['firstName', 'lastName', 'email', 'gender'],
  rider: ['height', 'weight', 'ftp'],
  identity: ['idType', 'expiryDate'],
  device: ['platform', 'smartTrainerDeviceModelName', 'smartTrainerDeviceSerialNumber'],
  team: ['team'],
  phone: ['phone', 'phoneKey'],
};

export function skippedSteps(formData: FormData, requirements: StepRequirements): WizardStep[] {
  const filled = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' && value.trim() !== '';
  };
  return requiredSteps(requirements).filter((step) => !STEP_FIELDS[step].some(filled));
}
