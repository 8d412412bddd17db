import type { InterpretedAnswer } from "@/lib/answer/interpret-answer";
import type { StreamEvent } from "@/lib/answer/answer-stream";
import { imageBlob } from "@/lib/browser/image-blob";
import { cutLongStrings, LONG_TEXT_HEAD_CHARS, LONG_TEXT_MIN_CHARS, longBase64Of, longTextOf } from "@/lib/answer/long-text";
import { decodeBase64Exactly } from "@/lib/answer/image-signature";
import { summarizeByteArrays } from "./summarize-byte-arrays";

/** The events table labels an event by the start of its data at most. */
const EVENT_DATA_HEAD_CHARS = 1024;

/**
 * Every image held as text (base64, hex, byte values) decoded once into a Blob, and every long
 * string cut to its beginning with the whole as a Blob (long-text). Done in the worker, so the page
 * never decodes a large picture nor copies a large string, and a Blob crosses to the page by reference.
 */
export function withBlobSources(answer: InterpretedAnswer): InterpretedAnswer {
  const { body } = answer;
  // Pictures first: a long string of the tree that is one of them, exactly, is then kept as its bytes.
  const pictures: { text: string; exact: boolean; blob: Blob }[] = [];
  const images = answer.images.map((image) => {
    const { source } = image;
    if (source.kind === "url" || source.kind === "blob") return image;
    if (source.kind === "base64") {
      const { bytes, exact } = decodeBase64Exactly(source.base64);
      const blob = new Blob([bytes], { type: source.mime });
      pictures.push({ text: source.base64, exact, blob });
      return { ...image, source: { kind: "blob" as const, mime: source.mime, blob } };
    }
    const blob = imageBlob(source);
    return blob ? { ...image, source: { kind: "blob" as const, mime: source.mime, blob } } : image;
  });
  // `===` first compares identity: the finder keeps the very string the tree holds.
  const known = (text: string) => {
    const picture = pictures.find((candidate) => candidate.text === text);
    return picture?.exact ? longBase64Of(text, picture.blob) : null;
  };
  return {
    ...answer,
    // Decoded pictures held as byte values leave the tree (see summarizeByteArrays).
    body:
      body.kind === "json"
        ? { ...body, value: cutLongStrings(summarizeByteArrays(body.value), known) }
        : body.kind === "stream"
          ? { ...body, events: body.events.map(cutEvent) }
          : body.kind === "text" && body.text.length >= LONG_TEXT_MIN_CHARS
            ? { ...body, text: body.text.slice(0, LONG_TEXT_HEAD_CHARS), cut: longTextOf(body.text) }
            : body,
    images,
  };
}

/** An event's parsed data lightened; its text, which the page only measures and labels, cut when long. */
function cutEvent(event: StreamEvent): StreamEvent {
  const value = event.value === undefined ? undefined : cutLongStrings(summarizeByteArrays(event.value));
  const cut = event.data.length >= LONG_TEXT_MIN_CHARS;
  return {
    ...event,
    ...(value === undefined ? {} : { value }),
    ...(cut ? { data: event.data.slice(0, EVENT_DATA_HEAD_CHARS), dataLength: event.data.length } : {}),
  };
}
