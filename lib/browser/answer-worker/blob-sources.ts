import type { InterpretedAnswer } from "@/lib/answer/interpret-answer";
import { imageBlob } from "@/lib/browser/image-blob";
import { summarizeByteArrays } from "./summarize-byte-arrays";

/**
 * Every image held as text (base64, hex, byte values) decoded once into a Blob. Done in the worker,
 * so the page never runs the decoding of a large picture, and a Blob crosses to the page by reference.
 */
export function withBlobSources(answer: InterpretedAnswer): InterpretedAnswer {
  const { body } = answer;
  return {
    ...answer,
    // Decoded pictures held as byte values leave the tree (see summarizeByteArrays).
    body:
      body.kind === "json"
        ? { ...body, value: summarizeByteArrays(body.value) }
        : body.kind === "stream"
          ? {
              ...body,
              events: body.events.map((event) =>
                event.value === undefined ? event : { ...event, value: summarizeByteArrays(event.value) },
              ),
            }
          : body,
    images: answer.images.map((image) => {
      if (image.source.kind === "url" || image.source.kind === "blob") return image;
      const blob = imageBlob(image.source);
      return blob ? { ...image, source: { kind: "blob" as const, mime: image.source.mime, blob } } : image;
    }),
  };
}
