/**
 * The files of a zip as its central directory lists them, with where each one's packed bytes sit
 * in the archive, read without inflating anything. A stored file is then a view of the archive (no
 * copy), and a caller can check every declared size before a single byte is inflated.
 */

export type ZipEntry = {
  name: string;
  /** 0: stored, 8: deflate; anything else is a method this code does not unpack. */
  compression: number;
  packedSize: number;
  /** What the file unpacks to, as the directory declares it. */
  size: number;
  /** Where the packed bytes start in the archive (after the file's local header). */
  dataStart: number;
};

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_BYTES = 22;
const DIRECTORY_ENTRY_BYTES = 46;
const LOCAL_HEADER_BYTES = 30;
/** The end record sits in the last 22 bytes plus a comment of at most 65,535. */
const MAX_COMMENT_BYTES = 0xffff;
/** General purpose flag: the name is UTF-8 (otherwise code page 437, read here as Latin-1 as fflate does). */
const UTF8_NAME = 0x800;

const utf8 = new TextDecoder();

/** "zip64": an archive past 65,535 files or 4 GB, which keeps its figures in records read nowhere here. */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] | "damaged" | "zip64" {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(view);
  if (end === -1) return "damaged";
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return "zip64";
  if (offset + size > end) return "damaged";
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + DIRECTORY_ENTRY_BYTES > offset + size || view.getUint32(at, true) !== DIRECTORY_ENTRY) return "damaged";
    const packedSize = view.getUint32(at + 20, true);
    const unpacked = view.getUint32(at + 24, true);
    const local = view.getUint32(at + 42, true);
    if (packedSize === 0xffffffff || unpacked === 0xffffffff || local === 0xffffffff) return "zip64";
    const nameLength = view.getUint16(at + 28, true);
    const nameBytes = bytes.subarray(at + DIRECTORY_ENTRY_BYTES, at + DIRECTORY_ENTRY_BYTES + nameLength);
    const name = view.getUint16(at + 8, true) & UTF8_NAME ? utf8.decode(nameBytes) : latin1(nameBytes);
    if (local + LOCAL_HEADER_BYTES > offset || view.getUint32(local, true) !== LOCAL_HEADER) return "damaged";
    const dataStart = local + LOCAL_HEADER_BYTES + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + packedSize > offset) return "damaged";
    entries.push({ name, compression: view.getUint16(at + 10, true), packedSize, size: unpacked, dataStart });
    at += DIRECTORY_ENTRY_BYTES + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

function latin1(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

function findEndRecord(view: DataView): number {
  const last = view.byteLength - END_RECORD_BYTES;
  const first = Math.max(0, last - MAX_COMMENT_BYTES);
  for (let at = last; at >= first; at--) if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  return -1;
}
