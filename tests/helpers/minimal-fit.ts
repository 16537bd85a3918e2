/**
 * A FIT activity written byte by byte: a file id and `records` one-second power records.
 * Encoding long rides with the SDK's Encoder takes seconds per hour of riding; this takes
 * milliseconds, so tests can send the day-long files of issue 15 item 4.
 */
const FIT_EPOCH_MS = Date.UTC(1989, 11, 31);

const CRC_TABLE = [0x0000, 0xcc01, 0xd801, 0x1400, 0xf001, 0x3c00, 0x2800, 0xe401, 0xa001, 0x6c00, 0x7800, 0xb401, 0x5000, 0x9c01, 0x8801, 0x4400];

function crc16(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let crc = 0;
  for (let index = from; index < to; index++) {
    const byte = bytes[index];
    let tmp = CRC_TABLE[crc & 0xf];
    crc = ((crc >> 4) & 0x0fff) ^ tmp ^ CRC_TABLE[byte & 0xf];
    tmp = CRC_TABLE[crc & 0xf];
    crc = ((crc >> 4) & 0x0fff) ^ tmp ^ CRC_TABLE[(byte >> 4) & 0xf];
  }
  return crc;
}

export function minimalFit({
  records,
  start = new Date('2026-01-05T06:00:00Z'),
  powerW = 200,
}: {
  records: number;
  start?: Date;
  powerW?: number;
}): Uint8Array<ArrayBuffer> {
  const fileIdDefinition = [0x41, 0, 0, 0, 0, 1, 0, 1, 0x00];
  const fileId = [0x01, 4];
  const recordDefinition = [0x40, 0, 0, 20, 0, 2, 253, 4, 0x86, 7, 2, 0x84];
  const dataSize = fileIdDefinition.length + fileId.length + recordDefinition.length + records * 7;
  const bytes = new Uint8Array(14 + dataSize + 2);
  const view = new DataView(bytes.buffer);
  bytes.set([14, 0x20], 0);
  view.setUint16(2, 2132, true);
  view.setUint32(4, dataSize, true);
  bytes.set([0x2e, 0x46, 0x49, 0x54], 8);
  view.setUint16(12, crc16(bytes, 0, 12), true);
  let offset = 14;
  for (const part of [fileIdDefinition, fileId, recordDefinition]) {
    bytes.set(part, offset);
    offset += part.length;
  }
  const firstS = Math.floor((start.getTime() - FIT_EPOCH_MS) / 1000);
  for (let second = 0; second < records; second++) {
    bytes[offset] = 0x00;
    view.setUint32(offset + 1, firstS + second, true);
    view.setUint16(offset + 5, powerW + (second % 7) * 10, true);
    offset += 7;
  }
  view.setUint16(offset, crc16(bytes, 0, offset), true);
  return bytes;
}
