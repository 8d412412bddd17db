import { findImages, findImagesAndUncertainUrls, type ImageSource, type UncertainUrl } from "./image-finder";
import { sniffImageMime } from "./image-signature";

/** What a service's body turned out to be, and the images found in it. */

export type AnswerBody =
  | { kind: "empty" }
  | { kind: "image"; mime: string; size: number }
  | { kind: "json"; value: unknown }
  | { kind: "text"; text: string; jsonError?: string }
  | { kind: "binary"; size: number };

export type DisplayImage = {
  key: string;
  paths: string[];
  source: ImageSource | { kind: "body"; mime: string; bytes: Uint8Array<ArrayBuffer> };
};

export type InterpretedAnswer = { body: AnswerBody; images: DisplayImage[]; uncertain: UncertainUrl[] };

const WHOLE_BODY_PATH = "(whole body)";

function declaresJson(contentType: string): boolean {
  return /[/+]json\b/i.test(contentType);
}

export function interpretAnswer(bytes: Uint8Array<ArrayBuffer>, contentType: string): InterpretedAnswer {
  if (bytes.length === 0) return { body: { kind: "empty" }, images: [], uncertain: [] };
  const mime = sniffImageMime(bytes.subarray(0, 32));
  if (mime) {
    return {
      body: { kind: "image", mime, size: bytes.length },
      images: [{ key: "body", paths: [WHOLE_BODY_PATH], source: { kind: "body", mime, bytes } }],
      uncertain: [],
    };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { body: { kind: "binary", size: bytes.length }, images: [], uncertain: [] };
  }
  const trimmed = text.trimStart();
  if (declaresJson(contentType) || /^[[{"]/.test(trimmed)) {
    try {
      const value: unknown = JSON.parse(text);
      const found = findImagesAndUncertainUrls(value);
      const images = found.images.map((image, index) => ({ key: `${index}:${image.paths[0] ?? ""}`, ...image }));
      return { body: { kind: "json", value }, images, uncertain: found.uncertain };
    } catch (error) {
      const jsonError = declaresJson(contentType) && error instanceof Error ? error.message : undefined;
      return { body: { kind: "text", text, jsonError }, images: [], uncertain: [] };
    }
  }
  // A plain-text body may itself be a URL, a data URI or base64.
  const images = findImages(text.trim()).map((image, index) => ({ key: `${index}`, ...image, paths: ["(body text)"] }));
  return { body: { kind: "text", text }, images, uncertain: [] };
}
