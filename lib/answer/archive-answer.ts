import { unzipSync } from "fflate";
import { sniffImageMime, type ImageMime } from "./image-signature";

/**
 * A zip archive as an answer (a batch of pictures in one download): its files listed, the pictures
 * among them unpacked, within caps read from the archive's directory before anything is inflated.
 * The page reads large answers in its worker, so unpacking never holds up the page.
 */

export type ArchiveEntry = { name: string; size: number; mime: ImageMime | null };
export type ArchiveContents = {
  entries: ArchiveEntry[];
  pictures: { name: string; mime: ImageMime; bytes: Uint8Array<ArrayBuffer> }[];
  /** Why some or all of it was not unpacked, in a sentence; null when all of it was. */
  problem: string | null;
};

/** A gallery of more is not what anyone asked one request for. */
export const ARCHIVE_MAX_ENTRIES = 500;
/** What the pictures may unpack to in all (the answer's own cap bounds the archive itself). */
export const ARCHIVE_MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

/** Local file header or end record: how every zip starts. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 22 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6)
  );
}

/** File names that may be pictures; others are listed, never inflated. */
const PICTURE_NAME = /\.(png|jpe?g|gif|webp|avif|bmp|tiff?|heic|heif)$/i;

export function readArchive(bytes: Uint8Array): ArchiveContents {
  const entries: ArchiveEntry[] = [];
  let unpacked = 0;
  let skipped = 0;
  let unpacking: Record<string, Uint8Array>;
  try {
    unpacking = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith("/")) return false;
        entries.push({ name: file.name, size: file.originalSize, mime: null });
        const wanted = PICTURE_NAME.test(file.name) && (file.compression === 0 || file.compression === 8);
        if (!wanted) return false;
        if (entries.length > ARCHIVE_MAX_ENTRIES || unpacked + file.originalSize > ARCHIVE_MAX_UNPACKED_BYTES) {
          skipped++;
          return false;
        }
        unpacked += file.originalSize;
        return true;
      },
    });
  } catch {
    return { entries, pictures: [], problem: "This zip archive is damaged or cut short, and could not be unpacked." };
  }
  const pictures: ArchiveContents["pictures"] = [];
  for (const entry of entries) {
    const data = unpacking[entry.name];
    const mime = data ? sniffImageMime(data.subarray(0, 32)) : null;
    if (!data || !mime) continue;
    entry.mime = mime;
    pictures.push({ name: entry.name, mime, bytes: new Uint8Array(data) });
  }
  const problem =
    skipped > 0
      ? `${skipped} picture${skipped === 1 ? " was" : "s were"} not unpacked: an answer shows at most ${ARCHIVE_MAX_ENTRIES} files and ${ARCHIVE_MAX_UNPACKED_BYTES / 1024 / 1024} MB of pictures.`
      : null;
  return { entries, pictures, problem };
}
