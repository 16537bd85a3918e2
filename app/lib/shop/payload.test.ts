import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPayload, encryptPayload } from './payload';

const key = '7061636568696e652d6465762d7061796c6f61642d6b65792d33322d62797465';
const otherKey = 'ff'.repeat(32);

describe('AES-256-CBC payload layer', () => {
  it('writes iv-hex:cipher-hex that plain AES-256-CBC (as a game client) decrypts', async () => {
    const payload = await encryptPayload({ item_id: 1001, Type: 0 }, key);
    const [iv, cipher] = payload.split(':');
    expect(iv).toMatch(/^[0-9a-f]{32}$/);
    expect(cipher).toMatch(/^[0-9a-f]+$/);
    const decipher = createDecipheriv('aes-256-cbc', Buffer.from(key, 'hex'), Buffer.from(iv, 'hex'));
    const plain = Buffer.concat([decipher.update(Buffer.from(cipher, 'hex')), decipher.final()]).toString('utf8');
    expect(JSON.parse(plain)).toEqual({ item_id: 1001, Type: 0 });
  });

  it('uses a fresh vector each time and round-trips', async () => {
    const first = await encryptPayload({ item_id: 7, item_price: 90 }, key);
    const second = await encryptPayload({ item_id: 7, item_price: 90 }, key);
    expect(first).not.toBe(second);
    expect(await decryptPayload(first, key)).toEqual({ item_id: 7, item_price: 90 });
  });

  it('gives null for a wrong key, a tampered or malformed payload', async () => {
    const payload = await encryptPayload({ item_id: 7 }, key);
    expect(await decryptPayload(payload, otherKey)).toBeNull();
    expect(await decryptPayload('zz:zz', key)).toBeNull();
    expect(await decryptPayload('nonsense', key)).toBeNull();
    expect(await decryptPayload(`${payload}:extra`, key)).toBeNull();
  });
});
