import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FIELDS, ageInYears, dobPickerMax, profileSchema, RegisterSchema, requiredMessage, weightIssue } from './account-fields';

describe('account field schema', () => {
  it("builds '{label} is required.' from the schema's labels", () => {
    expect(requiredMessage('firstname')).toBe('First Name is required.');
    expect(ACCOUNT_FIELDS.find((field) => field.name === 'IsAllowedToSendMarketingEmails')?.label).toBe('I would like to receive news and updates');
  });

  it('computes the age from the date of birth, before and after the birthday', () => {
    const today = new Date(Date.UTC(2026, 5, 15));
    expect(ageInYears('2020-06-15', today)).toBe(6);
    expect(ageInYears('2020-06-16', today)).toBe(5);
    expect(ageInYears('2008-06-16', today)).toBe(17);
  });

  it('caps the date picker at 1 January six years ago', () => {
    expect(dobPickerMax(new Date(Date.UTC(2026, 10, 22)))).toBe('2020-01-01');
  });

  it('applies the weight limits by gender', () => {
    expect(weightIssue(49.9, 0)).toBe('The weight field must be 50 or more');
    expect(weightIssue(45, 1)).toBeNull();
    expect(weightIssue(44, 1)).toBe('The weight field must be 45 or more');
    expect(weightIssue(140.5, 1)).toBe('The weight field must be 140 or less');
  });

  it("drops a child's date of birth from a profile update", () => {
    const parsed = profileSchema(1, true).parse({ firstname: 'Sam', lastname: 'J', country: 246, dob: '1990-01-01', weight: 45, height: 150 });
    expect(parsed.dob).toBeUndefined();
  });
});

describe('register errors on leaving a field (spec 1 §5)', () => {
  it("reports the weight's gender rule while the rest of the form is still empty", () => {
    const formData = new FormData();
    formData.set('gender', '0');
    formData.set('weight', '47');
    const submission = parseWithZod(formData, { schema: RegisterSchema });
    expect(submission.status).toBe('error');
    expect(submission.status === 'error' ? submission.error?.weight : null).toEqual(['The weight field must be 50 or more']);
    formData.set('weight', '141');
    const tooHeavy = parseWithZod(formData, { schema: RegisterSchema });
    expect(tooHeavy.status === 'error' ? tooHeavy.error?.weight : null).toEqual(['The weight field must be 140 or less']);
  });
});
