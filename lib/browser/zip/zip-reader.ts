import { formatCount } from "@/lib/utils/format-count";
import { unzipSync } from "fflate";
import { formatBytes } from "@/lib/utils/format-bytes";
import { readZipDirectory } from "./zip-directory";

/**
 * Reads a zip archive with fflate: stored entries (what the playground writes) and deflated ones
 * (what an archive tool writes when someone re-packs an export). Anything else is refused with a
 * sentence a person can act on.
 */

export type ReadZipResult = { ok: true; files: Map<string, Uint8Array<ArrayBuffer>> } | { ok: false; message: string };

const NOT_A_ZIP = "This file is not a zip archive.";
/** fflate's error code for an entry packed with a method it does not know. */
const UNKNOWN_COMPRESSION = 14;

/** Every zip starts with a local file header, or (when empty) with the end record. */
function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 22 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** What an archive may hold at most, checked from its directory before anything is inflated. */
export type ZipLimits = { maxEntries: number; maxUnpackedBytes: number };

const DAMAGED = "This zip archive is damaged or cut short, and could not be read.";

export function readZip(archive: Uint8Array, limits: ZipLimits): ReadZipResult {
  if (!looksLikeZip(archive)) return { ok: false, message: NOT_A_ZIP };
  const directory = readZipDirectory(archive);
  if (directory === "damaged") return { ok: false, message: DAMAGED };
  if (directory === "zip64")
    return { ok: false, message: "This zip archive is larger than any history export (zip64), so it was not opened." };
  if (directory.entries > limits.maxEntries) {
    return {
      ok: false,
      message: `This zip archive has ${formatCount(directory.entries)} files, more than a history of this playground's size could hold (${formatCount(limits.maxEntries)}), so it was not opened.`,
    };
  }
  if (directory.unpackedBytes > limits.maxUnpackedBytes) {
    return {
      ok: false,
      message: `This zip archive unpacks to ${formatBytes(directory.unpackedBytes)}, more than this playground's history may hold (${formatBytes(limits.maxUnpackedBytes)}), so it was not opened.`,
    };
  }
  try {
    const files = new Map<string, Uint8Array<ArrayBuffer>>();
    let unpacked = 0;
    // Each entry's declared size was checked above, and fflate inflates an entry into a buffer of
    // exactly that size: an entry whose data would inflate further is cut there, never grown.
    const entries = unzipSync(archive, {
      filter: (file) => {
        unpacked += file.originalSize;
        return unpacked <= limits.maxUnpackedBytes;
      },
    });
    let inflated = 0;
    for (const bytes of Object.values(entries)) inflated += bytes.byteLength;
    if (inflated > limits.maxUnpackedBytes || unpacked > limits.maxUnpackedBytes) return { ok: false, message: DAMAGED };
    for (const [name, bytes] of Object.entries(entries)) {
      // A view, not a copy: fflate gives each file its own buffer.
      if (!name.endsWith("/")) files.set(name, new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength));
    }
    return { ok: true, files };
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === UNKNOWN_COMPRESSION) {
      return { ok: false, message: "This zip archive is packed with a method this page cannot read (only stored and deflate)." };
    }
    return { ok: false, message: DAMAGED };
  }
}
