import type { ServerResponse } from "node:http";
import { brotliCompressSync, deflateRawSync, deflateSync, gzip, gzipSync } from "node:zlib";
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

/** 256 MiB of spaces inside a JSON string, gzipped to about 250 KB: made once, on first use. */
let bomb: Promise<Buffer> | null = null;
function gzipBomb(): Promise<Buffer> {
  bomb ??= new Promise((resolve, reject) => {
    const inflated = Buffer.alloc(256 * 1024 * 1024, 0x20);
    inflated.write('{"filler": "', 0);
    inflated.write('"}', inflated.length - 2);
    gzip(inflated, { level: 9 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
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
    void gzipBomb().then((body) => compressed(response, "gzip", body));
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
  "fake-latin1": ({ response }) => {
    response.writeHead(200, { "content-type": "application/json; charset=iso-8859-1" });
    response.end(
      Buffer.from(JSON.stringify({ revised_prompt: "crème brûlée", data: [{ b64_json: samplePng().toString("base64") }] }), "latin1"),
    );
  },
};
