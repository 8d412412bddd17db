import { unzipSync } from "fflate";

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

export function readZip(archive: Uint8Array): ReadZipResult {
  if (!looksLikeZip(archive)) return { ok: false, message: NOT_A_ZIP };
  try {
    const files = new Map<string, Uint8Array<ArrayBuffer>>();
    for (const [name, bytes] of Object.entries(unzipSync(archive))) {
      // A view, not a copy: fflate gives each file its own buffer.
      if (!name.endsWith("/")) files.set(name, new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength));
    }
    return { ok: true, files };
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === UNKNOWN_COMPRESSION) {
      return { ok: false, message: "This zip archive is packed with a method this page cannot read (only stored and deflate)." };
    }
    return { ok: false, message: "This zip archive is damaged or cut short, and could not be read." };
  }
}
