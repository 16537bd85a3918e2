import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-signature';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('sniffFileType', () => {
  it('recognises images, PDF and FIT by their first bytes', () => {
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffFileType(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf');
    expect(sniffFileType(bytes(14, 0x10, 0, 0, 0, 0, 0, 0, 0x2e, 0x46, 0x49, 0x54))).toBe('fit');
  });

  it('rejects a text file renamed to .png', () => {
    expect(sniffFileType(new TextEncoder().encode('hello, I am not an image'))).toBeNull();
  });
});
