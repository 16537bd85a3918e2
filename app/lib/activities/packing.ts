/** Float32 packing of numeric series for storage — 4 bytes a value, read back in one copy. */

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

/** A ride's per-second rows as the ride page draws them (decision 118 keeps them as a file). */
export interface RideSeries<Values extends ArrayLike<number> = ArrayLike<number>> {
  t: Values;
  distanceM: Values;
  altitudeM: Values;
  power: Values;
  speedMps: Values;
  heartRate: Values;
  cadence: Values;
}

/** The channels in the order they are packed, one after another. */
const SERIES_CHANNELS = ['t', 'distanceM', 'altitudeM', 'power', 'speedMps', 'heartRate', 'cadence'] as const;

export function packRideSeries(series: RideSeries): Uint8Array {
  return packFloat32(SERIES_CHANNELS.map((channel) => series[channel]));
}

/** The rows back; null when the bytes are not whole rows. */
export function unpackRideSeries(bytes: Uint8Array): RideSeries<Float32Array> | null {
  if (bytes.byteLength % (SERIES_CHANNELS.length * 4) !== 0) return null;
  const channels = unpackFloat32(bytes, SERIES_CHANNELS.length);
  return Object.fromEntries(SERIES_CHANNELS.map((channel, index) => [channel, channels[index]])) as unknown as RideSeries<Float32Array>;
}
