/**
 * What a zip says of itself in its central directory, read without inflating anything: how many
 * entries it has and how many bytes they unpack to. A zip bomb is refused on these figures before
 * a single byte is inflated (and the inflated sizes are checked against them afterwards).
 */

export type ZipDirectory = { entries: number; unpackedBytes: number };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_BYTES = 22;
/** The end record sits in the last 22 bytes plus a comment of at most 65,535. */
const MAX_COMMENT_BYTES = 0xffff;

export function readZipDirectory(bytes: Uint8Array): ZipDirectory | "damaged" | "zip64" {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(view);
  if (end === -1) return "damaged";
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  // Archives past 65,535 entries or 4 GB carry their figures in zip64 records: never an export.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return "zip64";
  if (offset + size > end) return "damaged";
  let at = offset;
  let unpackedBytes = 0;
  for (let entry = 0; entry < count; entry++) {
    if (at + 46 > offset + size || view.getUint32(at, true) !== DIRECTORY_ENTRY) return "damaged";
    const unpacked = view.getUint32(at + 24, true);
    if (unpacked === 0xffffffff) return "zip64";
    unpackedBytes += unpacked;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return { entries: count, unpackedBytes };
}

function findEndRecord(view: DataView): number {
  const last = view.byteLength - END_RECORD_BYTES;
  const first = Math.max(0, last - MAX_COMMENT_BYTES);
  for (let at = last; at >= first; at--) if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  return -1;
}
