/** Float32 packing of numeric series for storage (bytea) — 4 bytes a value, read back in one copy. */

export function packFloat32(arrays: ArrayLike<number>[]): Uint8Array {
  const length = arrays.reduce((total, array) => total + array.length, 0);
  const packed = new Float32Array(length);
  let offset = 0;
  for (const array of arrays) {
    packed.set(array, offset);
    offset += array.length;
  }
  return new Uint8Array(packed.buffer);
}

/** Splits packed bytes back into `count` arrays of equal length. */
export function unpackFloat32(bytes: Uint8Array, count: number): Float32Array[] {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const all = new Float32Array(copy.buffer);
  const each = all.length / count;
  return Array.from({ length: count }, (_, index) => all.subarray(index * each, (index + 1) * each));
}
