import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { StepRequirements } from '../../../app/lib/events/wizard-steps';
import { PNG_FILE } from '../../e2e/events-helpers';
import { readOutbox } from '../../helpers/e2e';

/** The wizard's conditional steps an event asks for, as /e2e/event names them. */
function stepsOf(requirements: StepRequirements): string {
  return (Object.keys(requirements) as Array<keyof StepRequirements>).filter((step) => requirements[step]).join(',');
}

/**
 * A new event whose wizard asks for those steps (app/routes/e2e.event); `full` leaves it no place,
 * so the server refuses every registration with the room-full message. Answers its id.
 */
export async function makeEvent(page: Page, requirements: StepRequirements, full: boolean): Promise<number> {
  const response = await page.request.post('/e2e/event', { form: { steps: stepsOf(requirements), full: String(full) } });
  if (!response.ok()) throw new Error(`/e2e/event answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

export const NO_EXTRA_STEPS: StepRequirements = { identification: false, device: false, team: false, otp: false };

/** The wizard's main button: Next, or Submit on the event's last step. */
export const wizardNext = (page: Page) => page.locator('.wizard-actions button[type="submit"]');

/** A mobile number of the path's own, as the rider types it (+971 is the field's prefix). */
export const newPhoneNumber = () => `50${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** The code the server sent to that number, newest first. */
export async function sentCode(page: Page, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const sent = (await readOutbox(page, `+971${phone}`))[0]?.meta?.code;
      code = typeof sent === 'string' ? sent : '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** PHONE VERIFICATION done as a rider does it: a number, Send code, the code sent, Verify. */
export async function verifyPhone(page: Page) {
  const phone = newPhoneNumber();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await page.getByLabel('Verification code').fill(await sentCode(page, phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number verified.')).toBeVisible();
}

/** An identity document's expiry far enough ahead for any event. */
function expiryAhead(): string {
  return new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The signed-in rider (a new one from /e2e/rider: their details are its) registers for an event
 * that asks for identification, uploading a passport's front, as the wizard's form posts without
 * JavaScript: the files a later wizard offers to reuse.
 */
export async function registerWithIdFiles(page: Page, eventId: number) {
  const response = await page.request.post(`/event/${eventId}`, {
    multipart: {
      disclaimer: 'on',
      firstName: 'Eve',
      lastName: 'Tester',
      email: 'eve.tester@paceline.local',
      gender: '0',
      dob: '1990-05-05',
      height: '175',
      weight: '70',
      ftp: '250',
      idType: 'passport',
      expiryDate: expiryAhead(),
      idSource: 'upload',
      nationalIdFront: PNG_FILE,
    },
    maxRedirects: 0,
  });
  if (response.status() !== 302 || !/\/thank-you$/.test(response.headers().location ?? '')) {
    throw new Error(`The registration answered ${response.status()}: ${await response.text()}`);
  }
}
