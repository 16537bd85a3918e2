/**
 * What a file really is, from its first bytes: uploads are judged by content, never by the
 * name or the browser's MIME type.
 */
export type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'fit';

export const IMAGE_TYPES: readonly SniffedType[] = ['jpeg', 'png', 'gif', 'webp'];

export const MIME_OF: Record<SniffedType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  fit: 'application/vnd.ant.fit',
};

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  // FIT: header size 12 or 14, then ".FIT" at bytes 8–11.
  if ((bytes[0] === 12 || bytes[0] === 14) && startsWith(bytes, [0x2e, 0x46, 0x49, 0x54], 8)) return 'fit';
  return null;
}
