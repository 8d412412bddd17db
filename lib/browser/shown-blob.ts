import { SHOWN_CONVERTED } from "@/lib/answer/image-signature";

/**
 * A picture as the browser can show it: most as they are; TIFF and HEIC (which Chromium and
 * Firefox do not show) converted to PNG by the playground's server. The original stays what is
 * kept and downloaded. A conversion that fails gives the original back, which then does not load,
 * and the view says so.
 */
export async function shownBlob(blob: Blob): Promise<Blob> {
  if (!SHOWN_CONVERTED.has(blob.type)) return blob;
  try {
    const response = await fetch("/api/convert", { method: "POST", body: blob, headers: { "content-type": "application/octet-stream" } });
    return response.ok ? await response.blob() : blob;
  } catch {
    return blob;
  }
}

export function needsConversion(blob: Blob): boolean {
  return SHOWN_CONVERTED.has(blob.type);
}
