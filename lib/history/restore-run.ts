import type { RunOutcome } from "@/lib/answer/run-outcome";
import { sniffImageMime } from "@/lib/answer/image-signature";
import { unpackBody } from "./answer-packing";
import type { HistoryRun } from "./history-types";

/** Saved copies of remote images, by URL: shown instead of the link, which may have expired. */
export type SavedImages = ReadonlyMap<string, { mime: string; bytes: Uint8Array<ArrayBuffer> }>;

export async function blobBytes(blob: Blob): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await blob.arrayBuffer());
}

/** A saved run back as the outcome the result view shows, with the service's answer byte for byte. */
export async function restoreOutcome(run: HistoryRun): Promise<{ outcome: RunOutcome; savedImages: SavedImages }> {
  const stored = run.outcome;
  if (stored.kind !== "service") return { outcome: stored, savedImages: new Map() };
  let bytes = await blobBytes(stored.body);
  if (stored.packed.length > 0) {
    // Not Blob.text(): it drops a leading byte-order mark, and the answer must come back exactly.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const images = await Promise.all(stored.packed.map(async (image) => ({ prefix: image.prefix, bytes: await blobBytes(image.blob) })));
    bytes = unpackBody(text, images);
  }
  const savedImages = new Map<string, { mime: string; bytes: Uint8Array<ArrayBuffer> }>();
  for (const image of stored.remote) {
    const imageBytes = await blobBytes(image.blob);
    const mime = sniffImageMime(imageBytes.subarray(0, 32));
    if (mime) savedImages.set(image.url, { mime, bytes: imageBytes });
  }
  return { outcome: { kind: "service", exchange: { ...stored.exchange, bytes } }, savedImages };
}
