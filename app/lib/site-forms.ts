import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { CONTACT_MESSAGE_MIN_CHARS } from './constants';

/** Spec 3 §5: the e-mail of the footer subscribe and the contact form (and of Forgot password). */
export const VALID_EMAIL_MESSAGE = 'A valid email is required';

/** An e-mail address as the site's forms take it. */
const emailField = () => z.string({ required_error: VALID_EMAIL_MESSAGE }).trim();

/**
 * The public site's forms (spec 3 §5 "Contact", "Footer subscribe"): one schema each, used
 * by Conform in the browser and by the action on the server.
 */
export const SubscribeSchema = z.object({
  email: emailField().toLowerCase().email(VALID_EMAIL_MESSAGE).max(254, VALID_EMAIL_MESSAGE),
  /** Where a form post without JavaScript returns to. */
  redirectTo: z.string().optional(),
});

/** What /subscribe answers the footer's fetcher (a post without JavaScript is redirected instead). */
export interface SubscribeAnswer {
  result: SubmissionResult<string[]>;
  subscribed: boolean;
}

const FIRST_NAME_REQUIRED = 'First Name is required';

export const ContactSchema = z.object({
  name: z.string({ required_error: FIRST_NAME_REQUIRED }).trim().min(1, FIRST_NAME_REQUIRED).max(120),
  phone: z.string().trim().max(32, 'Phone number is too long').optional(),
  email: emailField().email(VALID_EMAIL_MESSAGE).max(254, VALID_EMAIL_MESSAGE),
  message: z
    .string({ required_error: `Message must be at least ${CONTACT_MESSAGE_MIN_CHARS} characters long` })
    .trim()
    .min(CONTACT_MESSAGE_MIN_CHARS, `Message must be at least ${CONTACT_MESSAGE_MIN_CHARS} characters long`)
    .max(5_000, 'Message must be at most 5000 characters long'),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const SUBSCRIBED_MESSAGE = 'Thanks! You are subscribed to Paceline news.';
export const CONTACT_SENT_MESSAGE = 'Thank you for your message. Our support team will get back to you within one working day.';
