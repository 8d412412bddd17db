import { formatCount } from "@/lib/utils/format-count";
import type { AnswerBody } from "./interpret-answer";
import { extractServiceMessage } from "./service-error";

/** What the service said, verbatim: its message from the common error shapes, else the body (cut). */
export function serviceWords(body: AnswerBody): string {
  if (body.kind === "json") return extractServiceMessage(body.value) ?? JSON.stringify(body.value).slice(0, 2000);
  if (body.kind === "text") return body.text.slice(0, 2000);
  if (body.kind === "empty") return "(the service sent an empty body)";
  return `(a ${body.kind === "image" ? body.mime : "binary"} body of ${formatCount(body.size)} bytes)`;
}
