import { sniffImageMime } from "@/lib/answer/image-signature";
import type { AnswerAnalysis } from "@/lib/history/analyse-answer";
import { analyseLargeAnswer } from "@/lib/browser/answer-worker/answer-worker-client";
import type { RecordingTools } from "@/lib/history/record-run";
import { throughPlayground } from "@/lib/browser/image-through-playground";
import { shownBlob } from "@/lib/browser/shown-blob";
import { yieldToPage } from "@/lib/browser/yield-to-page";

/** The browser's half of recording a run: reading remote images and drawing thumbnails. */

/** A remote image larger than this keeps only its link: history is for runs, not an image mirror. */
const MAX_REMOTE_IMAGE_BYTES = 32 * 1024 * 1024;
const REMOTE_READ_TIMEOUT_MS = 15_000;
const THUMBNAIL_LONG_SIDE = 160;

async function readRemoteImage(url: string, grant?: string): Promise<Blob | null> {
  // Readable only when the image host allows it (CORS); no cookies, no referrer, as when shown.
  // A picture its host keeps behind the key is read through the playground, which holds the key.
  return (
    (await readImage(url, "cors", "omit")) ?? (grant ? await readImage(throughPlayground(url, grant), "same-origin", "same-origin") : null)
  );
}

async function readImage(url: string, mode: RequestMode, credentials: RequestCredentials): Promise<Blob | null> {
  try {
    const response = await fetch(url, {
      mode,
      credentials,
      referrerPolicy: "no-referrer",
      signal: AbortSignal.timeout(REMOTE_READ_TIMEOUT_MS),
    });
    if (!response.ok || Number(response.headers.get("content-length")) > MAX_REMOTE_IMAGE_BYTES) return null;
    const blob = await response.blob();
    if (blob.size > MAX_REMOTE_IMAGE_BYTES) return null;
    const mime = sniffImageMime(new Uint8Array(await blob.slice(0, 32).arrayBuffer()));
    return mime ? new Blob([blob], { type: mime }) : null;
  } catch {
    return null;
  }
}

async function makeThumbnail(image: Blob): Promise<Blob | null> {
  try {
    // A TIFF or HEIC is drawn from the server's conversion (the browser cannot decode it).
    const bitmap = await createImageBitmap(await shownBlob(image));
    const scale = Math.min(1, THUMBNAIL_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return await canvas.convertToBlob({ type: "image/webp", quality: 0.82 });
  } catch {
    return null; // not decodable here (e.g. an AVIF this browser lacks): the list shows a placeholder
  }
}

function analyse(bytes: Uint8Array<ArrayBuffer>, contentType: string, base?: string): Promise<AnswerAnalysis> {
  return analyseLargeAnswer(bytes, contentType, yieldToPage, base);
}

export const browserRecordingTools: RecordingTools = { analyse, readRemoteImage, makeThumbnail };
