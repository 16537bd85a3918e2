import { parseWithZod } from '@conform-to/zod';
import type { ZodTypeAny } from 'zod';
import { describe, expect, it } from 'vitest';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, needsProofOfId, registrationSchema, stepSchema, type RuleContext } from './registration-schema';
import { categoryForWkg, isWithinCap, wattsPerKg } from './categories';
import { prizeAmount } from './money';
import { normalisePhone } from './phone';

const rules: RuleContext = { today: '2026-11-22', dobRequired: true, hasExistingIdFiles: false };

function form(entries: Record<string, string | File>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

/** The parse outcome as a rider sees it: the errors by field, or the value. */
function parse(schema: ZodTypeAny, entries: Record<string, string | File>) {
  const result = parseWithZod(form(entries), { schema });
  return result.status === 'success'
    ? { status: 'success' as const, error: undefined, value: result.value as Record<string, unknown> }
    : { status: result.status, error: result.error ?? undefined, value: undefined };
}

const personal = { firstName: 'Alex', lastName: 'Rider', email: 'alex@example.com', gender: '0', dob: '1990-05-01' };

describe('wizard step rules (spec 3 §5)', () => {
  it('requires the date of birth when the event demands it and refuses riders under 10', () => {
    const missing = parse(stepSchema('personal', rules), { ...personal, dob: '' });
    expect(missing.status).toBe('error');
    expect(missing.error?.dob).toEqual(['Date of birth is required.']);
    const young = parse(stepSchema('personal', rules), { ...personal, dob: '2016-11-23' });
    expect(young.error?.dob?.[0]).toMatch(/at least 10 years/);
    const tenToday = parse(stepSchema('personal', rules), { ...personal, dob: '2016-11-22' });
    expect(tenToday.error?.dob).toBeUndefined();
  });

  it('asks masters and youth for a proof of ID, with the spec messages for type and size', () => {
    expect(needsProofOfId('1980-12-31')).toBe(true);
    expect(needsProofOfId('1981-01-01')).toBe(false);
    expect(needsProofOfId('2001-12-31')).toBe(false);
    expect(needsProofOfId('2002-01-01')).toBe(true);
    const schema = stepSchema('personal', rules);
    const noProof = parse(schema, { ...personal, dob: '1975-01-01' });
    expect(noProof.error?.dobCertificate).toBeDefined();
    const wrongType = parse(schema, { ...personal, dob: '1975-01-01', dobCertificate: new File(['x'], 'id.gif') });
    expect(wrongType.error?.dobCertificate).toEqual([FILE_TYPE_MESSAGE]);
    const big = new File([new Uint8Array(8_388_609)], 'id.pdf');
    const tooBig = parse(schema, { ...personal, dob: '1975-01-01', dobCertificate: big });
    expect(tooBig.error?.dobCertificate).toEqual([FILE_SIZE_MESSAGE]);
    const exact = new File([new Uint8Array(8_388_608)], 'id.PDF');
    expect(parse(schema, { ...personal, dob: '1975-01-01', dobCertificate: exact }).status).toBe('success');
  });

  it('checks height, weight and ftp as integers in range', () => {
    const schema = stepSchema('rider', rules);
    expect(parse(schema, { height: '1.8', weight: '70', ftp: '250' }).error?.height).toEqual(['Height should be numbers only.']);
    expect(parse(schema, { height: '99', weight: '70', ftp: '250' }).error?.height).toEqual(['Height must be between 100 and 300.']);
    expect(parse(schema, { height: '180', weight: '141', ftp: '250' }).error?.weight).toEqual(['Weight must be between 40 and 140.']);
    expect(parse(schema, { height: '180', weight: '70' }).error?.ftp).toBeDefined();
    expect(parse(schema, { height: '300', weight: '40', ftp: '250' }).status).toBe('success');
  });

  it('computes W/kg to 2 decimals, checks the cap and fixes a category', () => {
    expect(wattsPerKg(250, 72)).toBe(3.47);
    expect(isWithinCap(3.47, { minCap: 1, maxCap: 3.9 })).toBe(true);
    expect(isWithinCap(4.2, { minCap: 1, maxCap: 3.9 })).toBe(false);
    expect(isWithinCap(9, { minCap: null, maxCap: null })).toBe(true);
    const cats = { 'Category 1': { time: '18:00', distanceKm: 40, elevationM: 300 }, 'Category 2': { time: '18:05', distanceKm: 30, elevationM: 200 } };
    expect(categoryForWkg(4.1, cats, 0)).toBe('Category 1');
    expect(categoryForWkg(3.5, cats, 0)).toBe('Category 2');
    expect(categoryForWkg(3.5, cats, 1)).toBe('Category 1');
  });

  it('needs an expiry at least 10 days ahead, a front image and a back one unless passport', () => {
    const schema = stepSchema('identity', rules);
    const png = new File([new Uint8Array([0x89, 0x50])], 'front.png');
    expect(parse(schema, { idType: 'passport', expiryDate: '2026-12-02', nationalIdFront: png }).status).toBe('success');
    expect(parse(schema, { idType: 'passport', expiryDate: '2026-12-02', nationalIdFront: png }).status).toBe('success');
    expect(parse(schema, { idType: 'passport', expiryDate: '2026-12-02' }).error?.nationalIdFront).toBeDefined();
    expect(parse(schema, { idType: 'national_id', expiryDate: '2026-12-02', nationalIdFront: png }).error?.nationalIdBack).toBeDefined();
    expect(parse(schema, { idType: 'passport', expiryDate: '2026-12-02', nationalIdFront: png }).status).toBe('success');
    expect(parse(schema, { idType: 'passport', expiryDate: '2026-12-01', nationalIdFront: png }).error?.expiryDate).toBeDefined();
  });

  it('requires a team name only for y, with the message "required"', () => {
    const schema = stepSchema('team', rules);
    expect(parse(schema, { team: 'y' }).error?.teamName).toEqual(['required']);
    expect(parse(schema, {}).status).toBe('success');
  });

  it('validates phones for their country, AE by default', () => {
    expect(normalisePhone('501234567')).toBe('+971501234567');
    expect(normalisePhone('+971 50 123 4567')).toBe('+971501234567');
    expect(normalisePhone('12345')).toBeNull();
    expect(normalisePhone('abc')).toBeNull();
  });

  it('merges the required steps into one submission schema', () => {
    const schema = registrationSchema({ identification: false, device: true, team: false, otp: false }, rules);
    const result = parse(schema, { disclaimer: 'on', ...personal, height: '180', weight: '72', ftp: '250' });
    expect(result.status).toBe('error');
    expect(Object.keys(result.error ?? {})).toEqual(expect.arrayContaining(['platform', 'smartTrainerDeviceModelName']));
    const ok = parse(schema, {
      disclaimer: 'on',
      ...personal,
      height: '180',
      weight: '72',
      ftp: '250',
      platform: 'iOS',
      smartTrainerDeviceModelName: 'KICKR',
      smartTrainerDeviceSerialNumber: 'S1',
    });
    expect(ok.status).toBe('success');
    expect(ok.value?.platform).toBe('iOS');
    expect(ok.value?.firstName).toBe('Alex');
  });

  it('shows USD prizes as amount / conversionRate to 2 decimals', () => {
    expect(prizeAmount(1000, { currency: 'USD', conversionRate: 3.6725 })).toBe(272.29);
    expect(prizeAmount(1000, { currency: 'AED', conversionRate: 3.6725 })).toBe(1000);
  });
});
