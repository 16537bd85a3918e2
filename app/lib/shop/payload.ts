/**
 * The spec's payload layer (spec 2 §7): JSON encrypted with AES-256-CBC under a fixed key,
 * sent as `<iv hex>:<cipher hex>`. It keeps Paceline compatible with the game clients that
 * speak it; it is not a security boundary (DESIGN §6): the session decides who may buy.
 * Web Crypto, so the browser and the server share this one module.
 */
const IV_BYTES = 16;

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) throw new Error('not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function importKey(keyHex: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromHex(keyHex), { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']);
}

export async function encryptPayload(value: unknown, keyHex: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, await importKey(keyHex), new TextEncoder().encode(JSON.stringify(value)));
  return `${toHex(iv)}:${toHex(new Uint8Array(cipher))}`;
}

/** The decrypted JSON, or null for anything that is not a payload under this key. */
export async function decryptPayload(payload: string, keyHex: string): Promise<unknown> {
  const [ivHex, cipherHex, extra] = payload.split(':');
  if (extra !== undefined || !ivHex || !cipherHex) return null;
  try {
    const iv = fromHex(ivHex);
    if (iv.length !== IV_BYTES) return null;
    const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, await importKey(keyHex), fromHex(cipherHex));
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return null;
  }
}
