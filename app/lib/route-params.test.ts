import { describe, expect, it } from 'vitest';
import { serialIdParam, uuidParam } from './route-params';

async function refusal(read: () => unknown): Promise<{ status: number; text: string }> {
  try {
    read();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
  throw new Error('the segment was accepted');
}

describe('route id segments (issue 15 item 9)', () => {
  it('takes a serial id a row can have, and answers 404 with the route message for anything else', async () => {
    expect(serialIdParam('1')).toBe(1);
    expect(serialIdParam('2147483647')).toBe(2_147_483_647);
    expect(serialIdParam('007')).toBe(7);
    for (const segment of [undefined, '', '0', '-1', '1.5', '1e3', '0x10', ' 1', '1 ', 'NaN', 'Infinity', '2147483648', '99999999999', '１']) {
      expect(await refusal(() => serialIdParam(segment, 'Event not found')), String(segment)).toEqual({ status: 404, text: 'Event not found' });
    }
  });

  it('takes a uuid in either case, and answers 404 for anything else', async () => {
    expect(uuidParam('0b8f5c2e-6f1a-4c3d-9e7b-1a2b3c4d5e6f')).toBe('0b8f5c2e-6f1a-4c3d-9e7b-1a2b3c4d5e6f');
    expect(uuidParam('0B8F5C2E-6F1A-4C3D-9E7B-1A2B3C4D5E6F')).toBe('0B8F5C2E-6F1A-4C3D-9E7B-1A2B3C4D5E6F');
    for (const segment of [
      undefined,
      '',
      '------------------------------------',
      '0b8f5c2e6f1a4c3d9e7b1a2b3c4d5e6f',
      '0b8f5c2e-6f1a-4c3d-9e7b-1a2b3c4d5e6g',
      '0b8f5c2e-6f1a-4c3d-9e7b-1a2b3c4d5e6f0',
    ]) {
      expect((await refusal(() => uuidParam(segment))).status, String(segment)).toBe(404);
    }
  });
});
