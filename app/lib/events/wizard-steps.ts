/** The wizard's steps, which ones an event needs, and how a skipped one is recognised (spec 3 §2). */
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

export function requiredSteps(requirements: StepRequirements): WizardStep[] {
  return WIZARD_STEPS.filter((step) => {
    if (step === 'identity') return requirements.identification;
    if (step === 'device') return requirements.device;
    if (step === 'team') return requirements.team;
    if (step === 'phone') return requirements.otp;
    return true;
  });
}

/** Fields whose absence means a step was skipped rather than filled in wrongly. */
export const STEP_FIELDS: Record<WizardStep, string[]> = {
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

