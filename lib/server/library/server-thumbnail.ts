import "server-only";
import sharp from "sharp";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import type { ShareFile } from "@/lib/server/database/share-store";
import { SERVER_THUMBNAIL } from "@/lib/library/library-types";

/**
 * The small picture lists and grids show for a run in the library: a WebP made on the server from
 * the run's first image, whatever the browser sent, so a collection's grid or a search result
 * never loads a full image. The full image loads only when the run is opened.
 */

/** The longest side, in pixels: a grid cell at twice the density of a 160-pixel cell. */
const THUMBNAIL_PX = 320;
/** Pictures larger than this many pixels are left without one (decoding them would cost more than they are worth). */
const MAX_INPUT_PIXELS = 64_000_000;

/** The run's first image among its files (the one lists show), or null when it has none. */
function firstImage(record: ArchivedRun, files: readonly ShareFile[]): ShareFile | null {
  const outcome = record.outcome;
  const name = outcome.kind === "service" ? (outcome.packed[0]?.file ?? outcome.remote[0]?.file) : undefined;
  return files.find((file) => file.name === name && file.contentType.startsWith("image/")) ?? null;
}

/** A 320-pixel WebP of the image, or null when sharp cannot read it (it then has no server thumbnail). */
export async function thumbnailOf(image: ShareFile): Promise<Uint8Array | null> {
  try {
    const input = "data" in image ? image.data : image.path;
    const webp = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 72, effort: 2 })
      .toBuffer();
    return new Uint8Array(webp);
  } catch {
    return null;
  }
}

/** The run's files with its server thumbnail added (unchanged when it has no image, or one by that name already). */
export async function withServerThumbnail(record: ArchivedRun, files: ShareFile[]): Promise<ShareFile[]> {
  if (files.some((file) => file.name === SERVER_THUMBNAIL)) return files;
  const image = firstImage(record, files);
  const thumbnail = image ? await thumbnailOf(image) : null;
  return thumbnail ? [...files, { name: SERVER_THUMBNAIL, contentType: "image/webp", data: thumbnail }] : files;
}
