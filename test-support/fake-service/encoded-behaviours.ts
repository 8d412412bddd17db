import { jsonString, parseJsonOrUndefined } from "../../lib/answer/json-property";
import type { ServerResponse } from "node:http";
import { brotliCompressSync, constants, createGzip, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { ENCODING_CORPUS } from "../encoding-corpus";
import { samplePng, type Behaviour } from "./behaviours";

/**
 * The fake service answering in encodings and framings nobody asked for: compressed bodies (one
 * that inflates far past any cap, one that only claims to be compressed), every entry of the
 * encoding corpus, and streams of events sent with real delays, or cut off in the middle of one.
 */

const imageAnswer = (width: number, height: number, colour: [number, number, number]) =>
  JSON.stringify({ created: 1, data: [{ b64_json: samplePng(width, height, colour).toString("base64") }] });

function compressed(response: ServerResponse, encoding: string, body: Buffer, type = "application/json"): void {
  response.writeHead(200, { "content-type": type, "content-encoding": encoding, "content-length": String(body.length) });
  response.end(body);
}

/**
 * 256 MiB of spaces inside a JSON string, gzipped to about 250 KB. Built from gzip members (a
 * gzip body may be several, decoded one after another), so it costs one 1 MiB compression, not a
 * 256 MiB buffer in the process that serves the tests.
 */
let bomb: Buffer | null = null;
function gzipBomb(): Buffer {
  if (!bomb) {
    const mebibyteOfSpaces = gzipSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9 });
    bomb = Buffer.concat([gzipSync('{"filler": "'), ...new Array<Buffer>(256).fill(mebibyteOfSpaces), gzipSync('"}')]);
  }
  return bomb;
}

/** "fake-encoding-3" answers the fourth entry of the encoding corpus, with its content type. */
const CORPUS_BEHAVIOURS: Record<string, Behaviour> = Object.fromEntries(
  ENCODING_CORPUS.map((entry, index) => [
    `fake-encoding-${index}`,
    ({ response }: { response: ServerResponse }) => {
      response.writeHead(200, { "content-type": entry.contentType });
      response.end(typeof entry.body === "string" ? entry.body : Buffer.from(entry.body));
    },
  ]),
);

export const ENCODED_BEHAVIOURS: Record<string, Behaviour> = {
  ...CORPUS_BEHAVIOURS,
  "fake-gzip": ({ response }) => compressed(response, "gzip", gzipSync(imageAnswer(150, 100, [230, 120, 30]))),
  "fake-deflate": ({ response }) => compressed(response, "deflate", deflateSync(imageAnswer(150, 100, [30, 120, 230]))),
  // Labelled deflate, sent as raw deflate without the zlib header, as some servers do.
  "fake-deflate-raw": ({ response }) => compressed(response, "deflate", deflateRawSync(imageAnswer(150, 100, [30, 200, 120]))),
  "fake-br": ({ response }) => compressed(response, "br", brotliCompressSync(imageAnswer(150, 100, [200, 30, 200]))),
  // Two codings, applied in the order listed: gzip first, then br.
  "fake-gzip-br": ({ response }) => compressed(response, "gzip, br", brotliCompressSync(gzipSync(imageAnswer(150, 100, [90, 90, 90])))),
  "fake-gzip-large": ({ response }) => {
    // 3 MB of JSON (past the buffered size, so it is streamed on), gzipped, sent in small pieces.
    const body = gzipSync(JSON.stringify({ data: [{ b64_json: samplePng(150, 100).toString("base64") }], filler: "z".repeat(3_000_000) }));
    response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
    let offset = 0;
    const next = () => {
      if (offset >= body.length) return void response.end();
      response.write(body.subarray(offset, (offset += 1024)), next);
    };
    next();
  },
  "fake-gzip-bomb": ({ response }) => {
    compressed(response, "gzip", gzipBomb());
  },
  "fake-gzip-broken": ({ response }) => {
    // Says gzip, sends plain JSON.
    response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
    response.end(imageAnswer(40, 40, [0, 0, 0]));
  },
  "fake-gzip-truncated": ({ response }) => {
    const body = gzipSync(imageAnswer(150, 100, [230, 120, 30]));
    compressed(response, "gzip", body.subarray(0, body.length - 20));
  },
  "fake-gzip-echo-key": ({ response, authorization }) =>
    compressed(response, "gzip", gzipSync(JSON.stringify({ error: { message: `Key rejected: ${authorization}` } }))),
  "fake-encoding-unknown": ({ response }) => {
    response.writeHead(200, { "content-type": "application/json", "content-encoding": "x-made-up" });
    response.end(Buffer.from([0x1f, 0x9d, 0x90, 0x7b, 0x22]));
  },
  // About 1 MB of JSON: past the size the page reads in its answer worker, not on its main thread.
  "fake-large-bytes": ({ response }) => {
    const pixels = samplePng(400, 300, [40, 90, 200]);
    const padded = Buffer.concat([pixels, Buffer.alloc(600_000 - pixels.length)]);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ output: { type: "Buffer", data: [...padded] } }));
  },
  // A picture's base64 long enough to arrive cut in the tree (about 800,000 characters).
  "fake-large-b64": ({ response }) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ data: [{ b64_json: largeBase64Picture().toString("base64") }] }));
  },
  "fake-latin1": ({ response }) => {
    response.writeHead(200, { "content-type": "application/json; charset=iso-8859-1" });
    response.end(
      Buffer.from(JSON.stringify({ revised_prompt: "crème brûlée", data: [{ b64_json: samplePng().toString("base64") }] }), "latin1"),
    );
  },
};

/** A 400×300 PNG with 600,000 bytes after its end (which viewers ignore): a large picture that stays small to make. */
export const largeBase64Picture = () => Buffer.concat([samplePng(400, 300, [200, 60, 90]), Buffer.alloc(600_000, 7)]);

/** OpenAI's image stream: `image_generation.partial_image` events, then `image_generation.completed`. */
export function openAiImageEvents(partials: number): { name: string; data: Record<string, unknown> }[] {
  const shades: [number, number, number][] = [
    [70, 70, 90],
    [120, 110, 150],
    [170, 140, 210],
  ];
  const common = { created_at: 1_750_000_000, size: "1024x1024", quality: "low", background: "opaque", output_format: "png" };
  return [
    ...Array.from({ length: partials }, (_, index) => ({
      name: "image_generation.partial_image",
      data: {
        type: "image_generation.partial_image",
        b64_json: samplePng(160, 90, shades[index % shades.length]).toString("base64"),
        partial_image_index: index,
        ...common,
      },
    })),
    {
      name: "image_generation.completed",
      data: {
        type: "image_generation.completed",
        b64_json: samplePng(160, 90, [230, 60, 160]).toString("base64"),
        ...common,
        usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50 },
      },
    },
  ];
}

const sseText = (event: { name: string; data: unknown }) => `event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * Writes pieces one after another with a pause before each, then ends; stops if the caller goes
 * away. `to` is where they go (the response itself, or a compressor in front of it).
 */
export function writePaced(
  response: ServerResponse,
  pieces: string[],
  delayMs: number,
  to: { write: (piece: string) => void; end: () => void } = { write: (piece) => response.write(piece), end: () => response.end() },
): void {
  let index = 0;
  const timer = setInterval(() => {
    if (response.destroyed) return clearInterval(timer);
    const piece = pieces[index++];
    if (piece === undefined) {
      clearInterval(timer);
      return to.end();
    }
    to.write(piece);
  }, delayMs);
  response.on("close", () => clearInterval(timer));
}

/**
 * Streams held until a test lets them go: the first event is sent at once, the rest only when
 * `POST /__release` names the request's prompt. A test then sees the partial state for as long as
 * it needs, however loaded the machine is, instead of racing a timer.
 */
const heldStreams = new Map<string, () => void>();

export function releaseHeldStream(prompt: string): boolean {
  const release = heldStreams.get(prompt);
  heldStreams.delete(prompt);
  release?.();
  return release !== undefined;
}

export const STREAM_BEHAVIOURS: Record<string, Behaviour> = {
  "fake-sse-held": ({ response, body }) => {
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const [first, ...rest] = openAiImageEvents(2).map(sseText);
    response.write(first ?? "");
    const prompt = jsonString(parseJsonOrUndefined(body), "prompt") ?? "";
    heldStreams.set(prompt, () => writePaced(response, rest, 100));
    response.on("close", () => heldStreams.delete(prompt));
  },
  // A large answer cut off by a connection reset once the test lets it go (after it has read all that
  // was sent): a reset discards what the sender's kernel still holds, so a reset on a timer loses
  // a varying tail on a busy machine.
  "fake-large-then-held-reset": ({ request, response, body }) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write(`{"filler": "${"x".repeat(2 * 1024 * 1024)}`);
    const prompt = jsonString(parseJsonOrUndefined(body), "prompt") ?? "";
    heldStreams.set(prompt, () => request.socket.destroy());
    response.on("close", () => heldStreams.delete(prompt));
  },
  // A plain JSON answer held the same way: a generation that is under way for as long as a test needs.
  "fake-held": ({ response, body }) => {
    const prompt = jsonString(parseJsonOrUndefined(body), "prompt") ?? "";
    heldStreams.set(prompt, () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ data: [{ b64_json: samplePng().toString("base64") }] }));
    });
    response.on("close", () => heldStreams.delete(prompt));
  },
  "fake-sse": ({ response }) => {
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    // Over a second apart: a page (or a test) under load still sees each partial picture on its own.
    writePaced(response, openAiImageEvents(2).map(sseText), 1200);
  },
  // The same events sent as text/plain: the framing shows in the first bytes.
  "fake-sse-plain": ({ response }) => {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end(openAiImageEvents(1).map(sseText).join(""));
  },
  "fake-sse-cut": ({ request, response }) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    const [first, , last] = openAiImageEvents(2).map(sseText);
    response.write(first);
    setTimeout(() => {
      response.write((last ?? "").slice(0, 200));
      setTimeout(() => request.socket.destroy(), 50);
    }, 100);
  },
  "fake-sse-gzip": ({ response }) => {
    response.writeHead(200, { "content-type": "text/event-stream", "content-encoding": "gzip" });
    const gzip = createGzip();
    gzip.pipe(response);
    // Each event is flushed so it can be decoded before the next one is sent.
    writePaced(response, openAiImageEvents(2).map(sseText), 150, {
      write: (piece) => gzip.write(piece, () => gzip.flush(constants.Z_SYNC_FLUSH)),
      end: () => gzip.end(),
    });
  },
  "fake-sse-echo-key": ({ response, authorization }) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    const event = `event: error\ndata: ${JSON.stringify({ error: { message: `Key rejected: ${authorization}` } })}\n\n`;
    // The key is split across two writes, with a pause between them.
    const cut = event.indexOf(authorization) + 12;
    writePaced(response, [event.slice(0, cut), event.slice(cut)], 60);
  },
  "fake-ndjson": ({ response, base }) => {
    response.writeHead(200, { "content-type": "application/x-ndjson" });
    const lines = [
      { status: "queued", progress: 0 },
      {
        status: "running",
        progress: 0.5,
        preview: `data:image/png;base64,${samplePng(80, 45, [90, 90, 90]).toString("base64")}`,
        type: "partial",
      },
      { status: "succeeded", progress: 1, output: [`${base}/files/final.png`] },
    ];
    writePaced(
      response,
      lines.map((line) => `${JSON.stringify(line)}\n`),
      150,
    );
  },
  "fake-json-seq": ({ response }) => {
    response.writeHead(200, { "content-type": "application/json-seq" });
    const records = [{ event: "started" }, { event: "done", image: samplePng(80, 45, [20, 180, 90]).toString("base64") }];
    writePaced(
      response,
      records.map((record) => `\u001e${JSON.stringify(record)}\n`),
      100,
    );
  },
};
