import { decodeHex } from "@/lib/answer/byte-encodings";
import { decodeBase64 } from "@/lib/answer/image-signature";
import type { DisplayImage } from "@/lib/answer/interpret-answer";

/** The bytes of a found image as a Blob; null for URL images, which the browser loads itself. */
export function imageBlob(source: DisplayImage["source"]): Blob | null {
  if (source.kind === "url") return null;
  if (source.kind === "blob") return source.blob;
  if (source.kind === "body") return new Blob([source.bytes], { type: source.mime });
  if (source.kind === "base64") return new Blob([decodeBase64(source.base64)], { type: source.mime });
  if (source.kind === "byte-array") return new Blob([source.bytes], { type: source.mime });
  if (source.kind === "hex") return new Blob([decodeHex(source.hex)], { type: source.mime });
  if (source.base64) return new Blob([decodeBase64(source.data)], { type: source.mime });
  return new Blob([safeDecodeUri(source.data)], { type: source.mime });
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
