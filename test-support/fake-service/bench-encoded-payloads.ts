import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { noisePng, once } from "./bench-payloads";
import { writePaced } from "./encoded-behaviours";

/**
 * 64 MB answers in each encoding the page must read without freezing (base64 JSON, gzip, byte
 * arrays, hex, a Markdown data URI, a stream of events), and a stream of partial pictures for the
 * time from an event's arrival to its paint. Made once on first use.
 */

type Payload = { type: string; body: Buffer; encoding?: string };

const MB = 1024 * 1024;
const json = (value: unknown): Payload => ({ type: "application/json", body: Buffer.from(JSON.stringify(value)) });

export const ENCODED_BENCH_PAYLOADS: Record<string, () => Payload> = {
  "bench-64mb-b64": () =>
    once<Payload>("encoded-b64", () => json({ created: 1, data: [{ b64_json: noisePng(47 * MB).toString("base64") }] })),
  "bench-64mb-gzip": () =>
    once<Payload>("encoded-gzip", () => {
      const plain = json({ created: 1, data: [{ b64_json: noisePng(47 * MB).toString("base64") }] });
      return { ...plain, body: gzipSync(plain.body, { level: 1 }), encoding: "gzip" };
    }),
  // Byte values average about 3.6 characters each: 17 MB of PNG is about 64 MB of JSON.
  "bench-64mb-bytes": () => once<Payload>("encoded-bytes", () => json({ image: { type: "Buffer", data: [...noisePng(17 * MB)] } })),
  "bench-64mb-hex": () => once<Payload>("encoded-hex", () => json({ image_hex: noisePng(31 * MB).toString("hex") })),
  "bench-64mb-markdown": () =>
    once<Payload>("encoded-markdown", () => ({
      type: "text/markdown",
      body: Buffer.from(`Here is your picture:\n\n![result](data:image/png;base64,${noisePng(47 * MB).toString("base64")})\n`),
    })),
  "bench-64mb-sse": () =>
    once<Payload>("encoded-sse", () => ({
      type: "text/event-stream",
      body: Buffer.from(
        [0, 1, 2, 3]
          .map((index) => {
            const type = index < 3 ? "image_generation.partial_image" : "image_generation.completed";
            const data = { type, b64_json: noisePng(11.5 * MB).toString("base64"), ...(index < 3 ? { partial_image_index: index } : {}) };
            return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
          })
          .join(""),
      ),
    })),
};

function send(response: ServerResponse, payload: Payload): void {
  response.writeHead(200, {
    "content-type": payload.type,
    "content-length": String(payload.body.length),
    ...(payload.encoding ? { "content-encoding": payload.encoding } : {}),
  });
  response.end(payload.body);
}

/** OpenAI-style partial images of 1 MB each, 400 ms apart, then the final one. */
function partialStream(response: ServerResponse): void {
  const events = once("encoded-partials", () =>
    [0, 1, 2, 3].map((index) => {
      const type = index < 3 ? "image_generation.partial_image" : "image_generation.completed";
      const data = { type, b64_json: noisePng(MB).toString("base64"), ...(index < 3 ? { partial_image_index: index } : {}) };
      return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
    }),
  );
  response.writeHead(200, { "content-type": "text/event-stream" });
  writePaced(response, events, 400);
}

export const ENCODED_BENCH_BEHAVIOURS: Record<string, (context: { response: ServerResponse }) => void> = {
  ...Object.fromEntries(
    Object.entries(ENCODED_BENCH_PAYLOADS).map(([model, payload]) => [
      model,
      ({ response }: { response: ServerResponse }) => send(response, payload()),
    ]),
  ),
  "bench-sse-partials": ({ response }) => partialStream(response),
};
