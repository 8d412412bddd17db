import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { zipSync } from "fflate";
import { encodePng } from "../../lib/node/png-encoder";

/**
 * Large answers for the benchmarks, made once on first use: a 1 KB JSON answer, a 16 MB one, and
 * four 4 MB PNGs of noise (which do not compress) as base64, about 22 MB of JSON.
 */

type BenchBehaviour = (context: { request: IncomingMessage; response: ServerResponse; base: string }) => void;

const cache = new Map<string, unknown>();
/** A payload made on first use and kept: large ones take seconds to make. */
export function once<Payload>(name: string, make: () => Payload): Payload {
  if (!cache.has(name)) cache.set(name, make());
  return cache.get(name) as Payload;
}

/** A PNG of random pixels of about `bytes` bytes. */
export function noisePng(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return encodePng(side, side, randomBytes(side * side * 3));
}

function jsonOfSize(bytes: number): Buffer {
  const filler = randomBytes(Math.ceil((bytes * 3) / 4))
    .toString("base64")
    .slice(0, bytes - 40);
  return Buffer.from(JSON.stringify({ created: 1, data: [{ note: filler }] }));
}

const send = (response: ServerResponse, body: Buffer) => {
  // A zip is known by its first bytes ("PK"); everything else here is JSON.
  const type = body[0] === 0x50 && body[1] === 0x4b ? "application/zip" : "application/json";
  response.writeHead(200, { "content-type": type, "content-length": String(body.length) });
  response.end(body);
};

export const BENCH_PAYLOADS = {
  "bench-1kb": () => once("1kb", () => jsonOfSize(1024)),
  "bench-16mb": () => once("16mb", () => jsonOfSize(16 * 1024 * 1024)),
  // A grid cell's answer: one 1 MB PNG of noise, as base64.
  "bench-1mb-b64": () =>
    once("1mb-b64", () => Buffer.from(JSON.stringify({ created: 1, data: [{ b64_json: noisePng(1024 * 1024).toString("base64") }] }))),
  // A batch download: twenty 1 MB PNGs of noise in one zip, stored (PNGs do not compress further).
  "bench-zip-20x1mb": () =>
    once("zip-20x1mb", () =>
      Buffer.from(
        zipSync(
          Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`outputs/${index}.png`, new Uint8Array(noisePng(1024 * 1024))])),
          { level: 0 },
        ),
      ),
    ),
  "bench-4x4mb": () =>
    once("4x4mb", () =>
      Buffer.from(
        JSON.stringify({ created: 1, data: [0, 1, 2, 3].map(() => ({ b64_json: noisePng(4 * 1024 * 1024).toString("base64") })) }),
      ),
    ),
};

/** A small picture, answered after `ms`. */
function smallImageAfter(ms: number): BenchBehaviour {
  return ({ response }) => {
    const timer = setTimeout(
      () =>
        send(
          response,
          once("small-b64", () => Buffer.from(JSON.stringify({ created: 1, data: [{ b64_json: noisePng(2048).toString("base64") }] }))),
        ),
      ms,
    );
    response.on("close", () => clearTimeout(timer));
  };
}

export const BENCH_BEHAVIOURS: Record<string, BenchBehaviour> = {
  ...Object.fromEntries(
    Object.entries(BENCH_PAYLOADS).map(([model, payload]) => [
      model,
      ({ response }: { response: ServerResponse }) => send(response, payload()),
    ]),
  ),
  // A service that takes half a second for every image (the grid benchmark), or 200 ms (the batch benchmark).
  "bench-500ms": smallImageAfter(500),
  "bench-200ms": smallImageAfter(200),
  // 200 image URLs on the fake service itself, each a distinct file.
  "bench-200-urls": ({ response, base }) =>
    send(
      response,
      Buffer.from(
        JSON.stringify({ created: 1, data: Array.from({ length: 200 }, (_, index) => ({ url: `${base}/files/bench-${index}.png` })) }),
      ),
    ),
};
