import { describe, expect, it } from "vitest";
import { doublingRatio, repeatTo as repeat } from "@/test-support/time-ratio";
import { imagesInText } from "./images-in-text";
import { base64ImagesInText } from "./base64-in-text";
import { findImages } from "./image-finder";
import { interpretAnswer } from "./interpret-answer";
import { sniffFraming, declaredCharset, framingOfType } from "./stream-framing";
import { parseStream } from "./answer-stream";
import { classifyServiceError, extractServiceMessage } from "./service-error";
import { withoutCredentials } from "./presented-outcome";
import { detectJob } from "./job-status";
import { hexImage, unwrapBase64 } from "./byte-encodings";
import { cleanBase64 } from "./image-signature";

/**
 * Every scanner that reads a service's answer, on adversarial text of n and 2n characters (256 KB
 * and 512 KB): the time may double, not grow as the square. A ratio, not a time, so a slow machine
 * does not fail it and a quadratic pattern does.
 */

const SIZE = 256 * 1024;
const bytesOf = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

const TEXT_ATTACKS: Record<string, (size: number) => string> = {
  "<img without an end": (size) => repeat("<img ", size),
  "<img with attributes but no src": (size) => repeat('<img alt="x" ', size),
  "![ without a ]": (size) => repeat("![", size),
  "![alt]( without an address": (size) => repeat("![a](", size),
  "data: prefixes": (size) => repeat("data:image/png;", size),
  "data URI without base64": (size) => `data:image/png;${repeat("a=b;", size)}`,
  "data URIs whose parameters run on": (size) => repeat("data:image/png;a=data:image/png", size),
  "Markdown images that run into each other": (size) => repeat("![a](http://x", size),
  "http with no end": (size) => `http://${repeat("a", size)}`,
  "http prefixes": (size) => repeat("http://", size),
  "punctuation after a URL": (size) => `http://a.example/x${repeat(".", size)}y`,
  spaces: (size) => `a${repeat(" ", size)}a`,
  backslashes: (size) => repeat("\\", size),
  "base64-like": (size) => `${repeat("A", size)}!`,
  "base64 with line breaks": (size) => repeat("QUFB\r\n", size),
  "hex-like": (size) => `89504e47${repeat("0", size)}z`,
  "event-stream lines": (size) => repeat("data: {\n", size),
  "event-stream fields": (size) => repeat("data:data:data:", size),
  "base64 lines of half a wrap": (size) => repeat(`${"Q".repeat(32)}\n`, size),
  "base64 words between spaces": (size) => repeat(`${"Q".repeat(40)} `, size),
  "base64 padding runs": (size) => repeat("QUFB==", size),
  "XML elements of base64": (size) => repeat(`<i>${"A".repeat(70)}</i>`, size),
  // A line of its own between delimiters, so the whole is not also one long base64 run (attacked above).
  "multipart delimiters without headers": (size) => repeat("--a\n.\n", size),
  "multipart parts with headers that never end": (size) => repeat("--a\r\nContent-Type: x\r\n", size),
};

// A pause of the machine can still spoil one measurement; a quadratic scan fails every try.
describe("answer scanners stay linear on hostile input", () => {
  const scanners: Record<string, (text: string) => unknown> = {
    imagesInText: (text) => imagesInText(text),
    base64ImagesInText: (text) => base64ImagesInText(text),
    "interpretAnswer (multipart)": (text) => interpretAnswer(bytesOf(text), "multipart/mixed; boundary=a"),
    "findImages (a string value)": (text) => findImages({ text }),
    "interpretAnswer (text/plain)": (text) => interpretAnswer(bytesOf(text), "text/plain"),
    "interpretAnswer (JSON string)": (text) => interpretAnswer(bytesOf(JSON.stringify({ output: text })), "application/json"),
    "interpretAnswer (event stream)": (text) => interpretAnswer(bytesOf(text), "text/event-stream"),
    sniffFraming: (text) => sniffFraming(text),
    "parseStream (sse)": (text) => parseStream(text, "sse"),
    "parseStream (ndjson)": (text) => parseStream(text, "ndjson"),
    classifyServiceError: (text) => classifyServiceError(400, text),
    extractServiceMessage: (text) => extractServiceMessage({ error: { message: text } }),
    withoutCredentials: (text) => withoutCredentials(text),
    detectJob: (text) => detectJob({ status: text, polling_url: text }),
    unwrapBase64: (text) => unwrapBase64(text),
    cleanBase64: (text) => cleanBase64(text),
    hexImage: (text) => hexImage(text),
    "content type": (text) => [framingOfType(text), declaredCharset(text)],
  };
  for (const [scannerName, scan] of Object.entries(scanners)) {
    it.each(Object.entries(TEXT_ATTACKS))(`${scannerName}: %s`, { retry: 2 }, (_, attack) => {
      expect(doublingRatio(scan, attack, SIZE)).toBeLessThanOrEqual(3);
    });
  }
});
