import { inflateSync } from "fflate";
import { sniffImageMime, type ImageMime } from "./image-signature";
import { listZipEntries, type ZipEntry } from "./zip-entries";

/**
 * A zip archive as an answer (a batch of pictures in one download): its files listed, the pictures
 * among them unpacked, within caps read from the archive's directory before anything is inflated.
 * The page reads large answers in its worker, so unpacking never holds up the page.
 */

export type ArchiveEntry = { name: string; size: number; mime: ImageMime | null };
export type ArchiveContents = {
  entries: ArchiveEntry[];
  /**
   * A stored picture is a view of the archive and the deflated ones views of one buffer they are
   * inflated into: nothing is copied, and the page makes one Blob of each buffer (see blob-sources).
   */
  pictures: { name: string; mime: ImageMime; bytes: Uint8Array<ArrayBuffer> }[];
  /** Why some or all of it was not unpacked, in a sentence; null when all of it was. */
  problem: string | null;
};

/** A gallery of more is not what anyone asked one request for. */
export const ARCHIVE_MAX_ENTRIES = 500;
/** What the pictures may unpack to in all (the answer's own cap bounds the archive itself). */
export const ARCHIVE_MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

const STORED = 0;
const DEFLATE = 8;
const DAMAGED = "This zip archive is damaged or cut short, and could not be unpacked.";

/** Local file header or end record: how every zip starts. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 22 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6)
  );
}

/** File names that may be pictures; others are listed, never inflated. */
const PICTURE_NAME = /\.(png|jpe?g|gif|webp|avif|bmp|tiff?|heic|heif)$/i;

export function readArchive(archive: Uint8Array): ArchiveContents {
  const listed = listZipEntries(archive);
  if (listed === "damaged") return { entries: [], pictures: [], problem: DAMAGED };
  if (listed === "zip64") {
    return {
      entries: [],
      pictures: [],
      problem: "This zip archive keeps its directory in zip64 records (over 65,535 files or 4 GB), which this page does not read.",
    };
  }
  const entries: ArchiveEntry[] = [];
  const wanted: { entry: ArchiveEntry; file: ZipEntry }[] = [];
  let unpacked = 0;
  let skipped = 0;
  for (const file of listed) {
    if (file.name.endsWith("/")) continue;
    const entry: ArchiveEntry = { name: file.name, size: file.size, mime: null };
    entries.push(entry);
    if (!PICTURE_NAME.test(file.name) || (file.compression !== STORED && file.compression !== DEFLATE)) continue;
    if (entries.length > ARCHIVE_MAX_ENTRIES || unpacked + file.size > ARCHIVE_MAX_UNPACKED_BYTES) {
      skipped++;
      continue;
    }
    unpacked += file.size;
    wanted.push({ entry, file });
  }
  const pictures = unpackPictures(archive, wanted);
  if (!pictures) return { entries, pictures: [], problem: DAMAGED };
  const problem =
    skipped > 0
      ? `${skipped} picture${skipped === 1 ? " was" : "s were"} not unpacked: an answer shows at most ${ARCHIVE_MAX_ENTRIES} files and ${ARCHIVE_MAX_UNPACKED_BYTES / 1024 / 1024} MB of pictures.`
      : null;
  return { entries, pictures, problem };
}

/** The wanted files that are pictures (by their first bytes), their entries marked; null when the data is damaged. */
function unpackPictures(archive: Uint8Array, wanted: { entry: ArchiveEntry; file: ZipEntry }[]): ArchiveContents["pictures"] | null {
  const whole = new Uint8Array(archive.buffer as ArrayBuffer, archive.byteOffset, archive.byteLength);
  // One buffer for every deflated picture: each is inflated into its own part of it, which is
  // exactly its declared size, so data that would inflate further is cut there, never grown.
  let inflatedSize = 0;
  for (const { file } of wanted) if (file.compression === DEFLATE) inflatedSize += file.size;
  const inflated = new Uint8Array(inflatedSize);
  let used = 0;
  const pictures: ArchiveContents["pictures"] = [];
  try {
    for (const { entry, file } of wanted) {
      const packed = whole.subarray(file.dataStart, file.dataStart + file.packedSize);
      let bytes: Uint8Array<ArrayBuffer>;
      if (file.compression === STORED) {
        if (file.packedSize !== file.size) return null;
        bytes = packed;
      } else {
        bytes = inflateSync(packed, { out: inflated.subarray(used, used + file.size) }) as Uint8Array<ArrayBuffer>;
        used += file.size;
      }
      const mime = sniffImageMime(bytes.subarray(0, 32));
      if (!mime) continue;
      entry.mime = mime;
      pictures.push({ name: entry.name, mime, bytes });
    }
  } catch {
    return null;
  }
  return pictures;
}
