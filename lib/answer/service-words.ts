import { formatCount } from "@/lib/utils/format-count";
import type { StreamEvent } from "./answer-stream";
import type { AnswerBody } from "./interpret-answer";
import { extractServiceMessage } from "./service-error";

/** What the service said, verbatim: its message from the common error shapes, else the body (cut). */
export function serviceWords(body: AnswerBody): string {
  if (body.kind === "json") return extractServiceMessage(body.value) ?? JSON.stringify(body.value).slice(0, 2000);
  if (body.kind === "text") return body.text.slice(0, 2000);
  if (body.kind === "empty") return "(the service sent an empty body)";
  if (body.kind === "stream") return streamWords(body.events);
  if (body.kind === "multipart") {
    const words = body.parts.flatMap((part) =>
      part.kind === "text" && part.text ? [part.text] : part.kind === "json" ? [JSON.stringify(part.value)] : [],
    );
    return words.join("\n").slice(0, 2000) || `(a multipart body of ${formatCount(body.parts.length)} parts)`;
  }
  if (body.kind === "archive") return `(a zip archive of ${formatCount(body.entries.length)} files, ${formatCount(body.size)} bytes)`;
  return `(a ${body.kind === "image" ? body.mime : "binary"} body of ${formatCount(body.size)} bytes)`;
}

/** A stream's error event says what went wrong (OpenAI sends `event: error`); else the last event's data. */
function streamWords(events: readonly StreamEvent[]): string {
  for (let index = events.length - 1; index >= 0; index--) {
    const value = events[index]?.value;
    const message = value === undefined ? null : extractServiceMessage(value);
    if (message) return message;
  }
  const last = events.at(-1);
  return last ? last.data.slice(0, 2000) : "(the service sent a stream without events)";
}
