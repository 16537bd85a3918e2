import { describe, expect, it } from 'vitest';
import { ContactSchema, SubscribeSchema } from './site-forms';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('the contact schema (spec 3 §5 "Contact")', () => {
  it('gives the spec messages for a missing name, a bad e-mail and a short message', () => {
    expect(messagesOf(ContactSchema.safeParse({ name: ' ', email: 'x@', message: '123456789' }))).toEqual([
      'First Name is required',
      'A valid email is required',
      'Message must be at least 10 characters long',
    ]);
  });
  it('accepts exactly ten characters and an absent phone', () => {
    expect(ContactSchema.safeParse({ name: 'Sara', email: 'sara@example.com', message: '1234567890' }).success).toBe(true);
  });
});

describe('the subscribe schema', () => {
  it('requires a valid e-mail and normalises it', () => {
    expect(messagesOf(SubscribeSchema.safeParse({ email: 'nope' }))).toEqual(['A valid email is required']);
    expect(SubscribeSchema.parse({ email: ' Fan@Example.COM ' }).email).toBe('fan@example.com');
  });
});
