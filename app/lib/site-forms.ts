import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { CONTACT_MESSAGE_MIN_CHARS } from './constants';

/**
 * The public site's forms (spec 3 §5 "Contact", "Footer subscribe"): one schema each, used
 * by Conform in the browser and by the action on the server.
 */
export const SubscribeSchema = z.object({
  email: z
    .string({ required_error: 'A valid email is required' })
    .trim()
    .toLowerCase()
    .email('A valid email is required')
    .max(254, 'A valid email is required'),
  /** Where a form post without JavaScript returns to. */
  redirectTo: z.string().optional(),
});

/** What /subscribe answers the footer's fetcher (a post without JavaScript is redirected instead). */
export interface SubscribeAnswer {
  result: SubmissionResult<string[]>;
  subscribed: boolean;
}

export const ContactSchema = z.object({
  name: z.string({ required_error: 'First Name is required' }).trim().min(1, 'First Name is required').max(120),
  phone: z.string().trim().max(32, 'Phone number is too long').optional(),
  email: z
    .string({ required_error: 'A valid email is required' })
    .trim()
    .email('A valid email is required')
    .max(254, 'A valid email is required'),
  message: z
    .string({ required_error: `Message must be at least ${CONTACT_MESSAGE_MIN_CHARS} characters long` })
    .trim()
    .min(CONTACT_MESSAGE_MIN_CHARS, `Message must be at least ${CONTACT_MESSAGE_MIN_CHARS} characters long`)
    .max(5_000, 'Message must be at most 5000 characters long'),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const SUBSCRIBED_MESSAGE = 'Thanks! You are subscribed to Paceline news.';
export const CONTACT_SENT_MESSAGE = 'Thank you for your message. Our support team will get back to you within one working day.';
