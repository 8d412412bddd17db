import { zipSync } from "fflate";
import { GIF_BASE64, JPEG_BASE64, MP4_BASE64, PNG_BASE64, TEXT_BASE64, WEBP_BASE64 } from "./sample-images";

/**
 * Answers whose image bytes are there but in an encoding or a framing: base64 variants, byte
 * arrays, hex, pictures inside Markdown, HTML or plain text, bodies in other charsets. Each class
 * has several variants as real services and quick home-made services write them, and at least one
 * answer that must give no image. `images` lists exactly what the page must show, in order.
 */

export type EncodingCase = {
  class: "base64" | "byte array" | "hex" | "inside text" | "charset" | "stream" | "text formats" | "archive" | "multipart";
  name: string;
  contentType: string;
  body: string | Uint8Array<ArrayBuffer>;
  images: { path: string; mime?: string; url?: string; offset?: number }[];
  /** Words the raw view must show, read in the declared charset. */
  shows?: string;
  /** Candidates the page tries loading (URLs with nothing saying they are pictures). */
  uncertain?: string[];
};

const JSON_TYPE = "application/json";
const bytesOf = (base64: string) => [...Buffer.from(base64, "base64")];
const json = (value: unknown) => JSON.stringify(value);
const fileOf = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));
/** A zip as archive tools write it: level 0 stores (what a service zipping PNGs often does), 6 deflates. */
const zipOf = (files: Record<string, Uint8Array>, level: 0 | 6) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { level }]])), {
    mtime: new Date("2026-11-26T00:00:00Z"),
  }) as Uint8Array<ArrayBuffer>;

/** Python's base64.encodebytes: a newline every 76 characters and one at the end. */
const pythonEncodebytes = (base64: string) => `${base64.match(/.{1,76}/g)?.join("\n")}\n`;
/** Java's Base64.getMimeEncoder(): CRLF every 76 characters, none at the end. */
const javaMime = (base64: string) => base64.match(/.{1,76}/g)?.join("\r\n") ?? "";
const urlSafeUnpadded = (base64: string) => base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

const sse = (events: { name?: string; data: unknown }[]) =>
  events.map((event) => `${event.name ? `event: ${event.name}\n` : ""}data: ${JSON.stringify(event.data)}\n\n`).join("");

const MARKDOWN_REPLY = `Here is your image of a lighthouse at dusk:\n\n![lighthouse at dusk](data:image/png;base64,${PNG_BASE64})\n\nLet me know if you want changes.`;
const MARKDOWN_URL_REPLY = "Done! ![result](https://files.example-ai.com/gen/7f3a/result) — the link stays valid for an hour.";
const HTML_FRAGMENT = `<div class="result"><p>Generated:</p><img alt="out" width="512" src='https://cdn.example.net/renders/a91.webp'></div>`;
const MARKDOWN_BODY = `# Results\n\n1. ![first](https://img.example.com/a.png)\n2. ![second](data:image/gif;base64,${GIF_BASE64})\n`;
const HTML_BODY = `<!doctype html><html><body><h1>Done</h1><img src="https://img.example.com/out/1.jpeg"></body></html>`;
const PLAIN_TEXT = "Your image is ready: https://storage.example.org/out/9b2c.jpg. It will be deleted in 24 hours.";

export const ENCODING_CORPUS: EncodingCase[] = [
  // --- base64 in its variants
  {
    class: "base64",
    name: "URL-safe, unpadded (Go's RawURLEncoding, JWT-style)",
    contentType: JSON_TYPE,
    body: json({ image: urlSafeUnpadded(JPEG_BASE64) }),
    images: [{ path: "$.image", mime: "image/jpeg" }],
  },
  {
    class: "base64",
    name: "MIME-wrapped with \\n every 76 characters (Python base64.encodebytes)",
    contentType: JSON_TYPE,
    body: json({ artifacts: [{ base64: pythonEncodebytes(JPEG_BASE64), finishReason: "SUCCESS" }] }),
    images: [{ path: "$.artifacts[0].base64", mime: "image/jpeg" }],
  },
  {
    class: "base64",
    name: "MIME-wrapped with \\r\\n every 76 characters (Java's MIME encoder), in a data URI",
    contentType: JSON_TYPE,
    body: json({ result: { image: `data:image/jpeg;base64,${javaMime(JPEG_BASE64)}` } }),
    images: [{ path: "$.result.image", mime: "image/jpeg" }],
  },
  {
    class: "base64",
    name: "Python bytes repr left on by str(b64encode(...))",
    contentType: JSON_TYPE,
    body: json({ status: "ok", image: `b'${PNG_BASE64}'` }),
    images: [{ path: "$.image", mime: "image/png" }],
  },
  {
    class: "base64",
    name: "a data URI's header without data:",
    contentType: JSON_TYPE,
    body: json({ output: `image/webp;base64,${WEBP_BASE64}` }),
    images: [{ path: "$.output", mime: "image/webp" }],
  },
  {
    class: "base64",
    name: "data URI declared application/octet-stream holding a PNG",
    contentType: JSON_TYPE,
    body: json({ data: [{ file: `data:application/octet-stream;base64,${PNG_BASE64}` }] }),
    images: [{ path: "$.data[0].file", mime: "image/png" }],
  },
  {
    class: "base64",
    name: "not an image: MIME-wrapped text and URL-safe video",
    contentType: JSON_TYPE,
    body: json({
      log: pythonEncodebytes(TEXT_BASE64.repeat(4)),
      clip: urlSafeUnpadded(MP4_BASE64),
      blob: `data:application/octet-stream;base64,${TEXT_BASE64}`,
    }),
    images: [],
  },

  // --- byte arrays
  {
    class: "byte array",
    name: "a plain array of byte values",
    contentType: JSON_TYPE,
    body: json({ images: [bytesOf(PNG_BASE64)] }),
    images: [{ path: "$.images[0]", mime: "image/png" }],
  },
  {
    class: "byte array",
    name: "Node's serialized Buffer {type: Buffer, data: [...]}",
    contentType: JSON_TYPE,
    body: json({ result: { type: "Buffer", data: bytesOf(JPEG_BASE64) } }),
    images: [{ path: "$.result.data", mime: "image/jpeg" }],
  },
  {
    class: "byte array",
    name: "a Uint8Array as JSON.stringify writes it ({'0': 137, '1': 80, …})",
    contentType: JSON_TYPE,
    body: json({ image: { ...new Uint8Array(bytesOf(GIF_BASE64)) } }),
    images: [{ path: "$.image", mime: "image/gif" }],
  },
  {
    class: "byte array",
    name: "not an image: an embedding vector, byte values of text, and out-of-range numbers",
    contentType: JSON_TYPE,
    body: json({
      embedding: Array.from({ length: 64 }, (_, index) => Math.round(Math.sin(index) * 1000) / 1000),
      text: [...Buffer.from("just some words that are not a picture")],
      wide: [137, 80, 78, 71, 13, 10, 26, 10, ...Array.from({ length: 30 }, () => 999)],
    }),
    images: [],
  },

  // --- hex
  {
    class: "hex",
    name: "lowercase hex of a PNG",
    contentType: JSON_TYPE,
    body: json({ image_hex: Buffer.from(PNG_BASE64, "base64").toString("hex") }),
    images: [{ path: "$.image_hex", mime: "image/png" }],
  },
  {
    class: "hex",
    name: "uppercase hex of a JPEG",
    contentType: JSON_TYPE,
    body: json({ data: Buffer.from(JPEG_BASE64, "base64").toString("hex").toUpperCase() }),
    images: [{ path: "$.data", mime: "image/jpeg" }],
  },
  {
    class: "hex",
    name: "0x-prefixed hex (Solidity and Rust style)",
    contentType: JSON_TYPE,
    body: json({ bytes: `0x${Buffer.from(GIF_BASE64, "base64").toString("hex")}` }),
    images: [{ path: "$.bytes", mime: "image/gif" }],
  },
  {
    class: "hex",
    name: "not an image: a SHA-256, a request id and hex of text",
    contentType: JSON_TYPE,
    body: json({
      sha256: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      request_id: "a8f5f167f44f4964e6c998dee827110c",
      note: Buffer.from("hello, this is text written as hex digits").toString("hex"),
    }),
    images: [],
  },

  // --- pictures inside text
  {
    class: "inside text",
    name: "Markdown image with a data URI in a chat completion",
    contentType: JSON_TYPE,
    body: json({
      id: "chatcmpl-1",
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content: MARKDOWN_REPLY } }],
    }),
    images: [{ path: "$.choices[0].message.content", mime: "image/png", offset: MARKDOWN_REPLY.indexOf("data:") }],
  },
  {
    class: "inside text",
    name: "Markdown image with a URL that has no extension",
    contentType: JSON_TYPE,
    body: json({ output_text: MARKDOWN_URL_REPLY }),
    images: [
      {
        path: "$.output_text",
        url: "https://files.example-ai.com/gen/7f3a/result",
        offset: MARKDOWN_URL_REPLY.indexOf("https://"),
      },
    ],
  },
  {
    class: "inside text",
    name: "HTML <img src> in a string (read, never rendered)",
    contentType: JSON_TYPE,
    body: json({ html: HTML_FRAGMENT }),
    images: [{ path: "$.html", url: "https://cdn.example.net/renders/a91.webp", offset: HTML_FRAGMENT.indexOf("https://") }],
  },
  {
    class: "inside text",
    name: "plain text with an image URL and sentence punctuation after it",
    contentType: JSON_TYPE,
    body: json({ message: PLAIN_TEXT }),
    images: [{ path: "$.message", url: "https://storage.example.org/out/9b2c.jpg", offset: PLAIN_TEXT.indexOf("https://") }],
  },
  {
    class: "inside text",
    name: "a whole text/markdown body with two pictures",
    contentType: "text/markdown; charset=utf-8",
    body: MARKDOWN_BODY,
    images: [
      { path: "(body text)", url: "https://img.example.com/a.png", offset: MARKDOWN_BODY.indexOf("https://") },
      { path: "(body text)", mime: "image/gif", offset: MARKDOWN_BODY.indexOf("data:") },
    ],
  },
  {
    class: "inside text",
    name: "a whole text/html body",
    contentType: "text/html",
    body: HTML_BODY,
    images: [{ path: "(body text)", url: "https://img.example.com/out/1.jpeg", offset: HTML_BODY.indexOf("https://") }],
  },
  {
    class: "inside text",
    name: "not an image: links to docs and status, a Markdown link, a placeholder",
    contentType: JSON_TYPE,
    body: json({
      error: "Quota exceeded. See https://docs.example.com/limits for details.",
      status_text: "Check https://api.example.com/jobs/12/status.png later",
      hint: "[Open the dashboard](https://app.example.com/dashboard)",
      example: "Answer with ![alt](https://...) when done",
    }),
    images: [],
    uncertain: ["https://docs.example.com/limits", "https://app.example.com/dashboard"],
  },

  // --- charsets other than UTF-8
  {
    class: "charset",
    name: "JSON in ISO-8859-1 with accented words",
    contentType: "application/json; charset=ISO-8859-1",
    body: new Uint8Array(Buffer.from(json({ revised_prompt: "crème brûlée, façade", url: "https://img.example.com/é.png" }), "latin1")),
    images: [{ path: "$.url", url: "https://img.example.com/%C3%A9.png" }],
    shows: "crème brûlée, façade",
  },
  {
    class: "charset",
    name: "JSON in UTF-16LE with its byte-order mark",
    contentType: "application/json; charset=utf-16le",
    body: new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json({ data: [{ b64_json: PNG_BASE64 }] }), "utf16le")])),
    images: [{ path: "$.data[0].b64_json", mime: "image/png" }],
  },
  {
    class: "charset",
    name: "Shift_JIS text with an image URL",
    contentType: "text/plain; charset=Shift_JIS",
    // "画像: https://img.example.jp/a.png" in Shift_JIS
    body: new Uint8Array([0x89, 0xe6, 0x91, 0x9c, 0x3a, 0x20, ...Buffer.from("https://img.example.jp/a.png")]),
    images: [{ path: "(body text)", url: "https://img.example.jp/a.png", offset: 4 }],
    shows: "画像:",
  },
  {
    class: "charset",
    name: "not an image: an unknown charset label falls back to UTF-8 text",
    contentType: "text/plain; charset=x-made-up",
    body: "no picture here",
    images: [],
  },

  // --- streams of events
  {
    class: "stream",
    name: "OpenAI image stream: partial images, then the completed one",
    contentType: "text/event-stream",
    body: sse([
      {
        name: "image_generation.partial_image",
        data: { type: "image_generation.partial_image", b64_json: GIF_BASE64, partial_image_index: 0 },
      },
      {
        name: "image_generation.completed",
        data: { type: "image_generation.completed", b64_json: PNG_BASE64, usage: { total_tokens: 10 } },
      },
    ]),
    images: [{ path: "$[1].b64_json", mime: "image/png" }],
  },
  {
    class: "stream",
    name: "server-sent events labelled text/plain, with a keep-alive comment and [DONE]",
    contentType: "text/plain",
    body: `: ping\n\n${sse([{ data: { progress: 1, output: { url: "https://cdn.example.com/o/1.webp" } } }])}data: [DONE]\n\n`,
    images: [{ path: "$[0].output.url", url: "https://cdn.example.com/o/1.webp" }],
  },
  {
    class: "stream",
    name: "newline-delimited JSON progress, the last line with the image",
    contentType: "application/x-ndjson",
    body: `${json({ status: "starting" })}\n${json({ status: "processing", logs: "50%" })}\n${json({ status: "succeeded", output: [`data:image/jpeg;base64,${JPEG_BASE64}`] })}\n`,
    images: [{ path: "$[2].output[0]", mime: "image/jpeg" }],
  },
  {
    class: "stream",
    name: "JSON text sequence (RFC 7464)",
    contentType: "application/json-seq",
    body: `\u001e${json({ event: "started" })}\n\u001e${json({ event: "done", image: WEBP_BASE64 })}\n`,
    images: [{ path: "$[1].image", mime: "image/webp" }],
  },
  {
    class: "stream",
    name: "not an image: a stream of progress and an error event",
    contentType: "text/event-stream",
    body: sse([{ data: { progress: 0.3 } }, { name: "error", data: { error: { message: "The job failed." } } }]),
    images: [],
  },
  {
    class: "text formats",
    name: "XML from a Java service: base64 in an element, MIME-wrapped (CRLF every 76)",
    contentType: "application/xml",
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<GenerateImageResponse>\n  <Status>OK</Status>\n  <Image mimeType="image/png">${javaMime(PNG_BASE64)}</Image>\n</GenerateImageResponse>\n`,
    images: [{ path: "(body text)", mime: "image/png" }],
  },
  {
    class: "text formats",
    name: "a SOAP envelope with two pictures, indented",
    contentType: "text/xml; charset=utf-8",
    body: `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><RenderResult>\n    <Frame>\n      ${pythonEncodebytes(JPEG_BASE64).replace(/\n/g, "\n      ")}</Frame>\n    <Frame>${WEBP_BASE64}</Frame>\n</RenderResult></soap:Body></soap:Envelope>`,
    images: [
      { path: "(body text)", mime: "image/jpeg" },
      { path: "(body text)", mime: "image/webp" },
    ],
    // A bare URL in text is tried as a picture (it fails to load and is dropped), the namespace too.
    uncertain: ["http://schemas.xmlsoap.org/soap/envelope/"],
  },
  {
    class: "text formats",
    name: "a plain-text log line with the picture after a label",
    contentType: "text/plain",
    body: `2026-11-26T01:02:03Z INFO render done seed=42 image=${PNG_BASE64} elapsed=1.2s\n`,
    images: [{ path: "(body text)", mime: "image/png" }],
  },
  {
    class: "text formats",
    name: "not an image: XML carrying base64 of text and of a video",
    contentType: "application/xml",
    body: `<Response><Log>${TEXT_BASE64}</Log><Preview>${MP4_BASE64}</Preview></Response>`,
    images: [],
  },
  {
    class: "archive",
    name: "a zip of pictures, stored, with a manifest beside them",
    contentType: "application/zip",
    body: zipOf(
      {
        "images/0.png": fileOf(PNG_BASE64),
        "images/1.jpg": fileOf(JPEG_BASE64),
        "manifest.json": new TextEncoder().encode(json({ seed: 1 })),
      },
      0,
    ),
    images: [
      { path: "(archive) images/0.png", mime: "image/png" },
      { path: "(archive) images/1.jpg", mime: "image/jpeg" },
    ],
  },
  {
    class: "archive",
    name: "a deflated zip labelled as a plain download (application/octet-stream)",
    contentType: "application/octet-stream",
    body: zipOf({ "out.webp": fileOf(WEBP_BASE64) }, 6),
    images: [{ path: "(archive) out.webp", mime: "image/webp" }],
  },
  {
    class: "archive",
    name: "a zip whose picture has the wrong extension inside is still checked by its bytes",
    contentType: "application/x-zip-compressed",
    body: zipOf({ "a.png": fileOf(JPEG_BASE64), "b.png": fileOf(TEXT_BASE64) }, 6),
    images: [{ path: "(archive) a.png", mime: "image/jpeg" }],
  },
  {
    class: "archive",
    name: "not an image: a zip of logs and a video",
    contentType: "application/zip",
    body: zipOf({ "log.txt": fileOf(TEXT_BASE64), "preview.mp4": fileOf(MP4_BASE64) }, 6),
    images: [],
  },
  {
    class: "multipart",
    name: "multipart/mixed: the JSON metadata, then the picture as a binary part",
    contentType: "multipart/mixed; boundary=frontier",
    body: new Uint8Array(
      Buffer.concat([
        Buffer.from(
          `--frontier\r\nContent-Type: application/json\r\n\r\n${json({ created: 1, seed: 42 })}\r\n--frontier\r\nContent-Type: image/png\r\n\r\n`,
        ),
        Buffer.from(PNG_BASE64, "base64"),
        Buffer.from("\r\n--frontier--\r\n"),
      ]),
    ),
    images: [{ path: "(part 2)", mime: "image/png" }],
  },
  {
    class: "multipart",
    name: "multipart/related (quoted boundary): a JSON part naming a URL, a base64-encoded JPEG part",
    contentType: 'multipart/related; type="application/json"; boundary="=_part_7f3"',
    body: `--=_part_7f3\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${json({ data: [{ url: "https://cdn.example.com/o/7.png" }] })}\r\n--=_part_7f3\r\nContent-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\n\r\n${javaMime(JPEG_BASE64)}\r\n--=_part_7f3--`,
    images: [
      { path: "(part 1) $.data[0].url", url: "https://cdn.example.com/o/7.png" },
      { path: "(part 2)", mime: "image/jpeg" },
    ],
  },
  {
    class: "multipart",
    name: "bare line feeds, a preamble, and a text part with a Markdown picture",
    contentType: "multipart/mixed; boundary=b1",
    body: `This is a multipart answer.\n--b1\nContent-Type: text/markdown\n\nHere it is: ![fox](data:image/webp;base64,${WEBP_BASE64})\n--b1--\n`,
    images: [{ path: "(part 1)", mime: "image/webp", offset: 19 }],
  },
  {
    class: "multipart",
    name: "not an image: an error part and a log part",
    contentType: "multipart/mixed; boundary=x",
    body: `--x\r\nContent-Type: application/json\r\n\r\n${json({ error: { message: "Prompt refused." } })}\r\n--x\r\nContent-Type: text/plain\r\n\r\nstep 1 of 30\r\n--x--`,
    images: [],
  },
];
