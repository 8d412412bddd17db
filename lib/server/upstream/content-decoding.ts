import "server-only";
import type { Transform } from "node:stream";
import * as zlib from "node:zlib";

/**
 * Undoes a `Content-Encoding` the service applied even though nobody asked for it (gzip, deflate,
 * br, and zstd where this Node has it), once, on the server, so every later step (the size cap,
 * key scrubbing, the page) sees the real answer. The decoder is pulled, not pushed: it inflates only
 * as fast as the reader takes its output, so a small body that inflates enormously is cut off at the
 * cap with nothing buffered beyond a chunk or two.
 */

export type ContentDecoding = {
  body: ReadableStream<Uint8Array>;
  /** The codings undone, in the order the service applied them ("gzip", "br"…); empty when none. */
  decoded: string[];
  /** A coding this server cannot undo: the body is then passed on as it came. */
  unsupported: string | null;
  /** Bytes read from the service so far (before decoding). */
  wireBytes: () => number;
};

/** The error a damaged compressed body ends in, named so the page can say what went wrong. */
export const DECODING_ERROR_CODE = "ERR_ANSWER_DECODING";

type DecoderFactory = (firstChunk: Uint8Array) => Transform;

const zstd = (zlib as { createZstdDecompress?: () => Transform }).createZstdDecompress;

/** "deflate" is meant to carry a zlib header, but some servers send raw deflate: the first bytes tell. */
function inflateFor(firstChunk: Uint8Array): Transform {
  const [first = 0, second = 0] = firstChunk;
  const zlibHeader = (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
  return zlibHeader ? zlib.createInflate() : zlib.createInflateRaw();
}

const DECODERS: Record<string, DecoderFactory | undefined> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: inflateFor,
  br: () => zlib.createBrotliDecompress(),
  ...(zstd ? { zstd: () => zstd() } : {}),
};

export function decodeContent(body: ReadableStream<Uint8Array>, contentEncoding: string | null): ContentDecoding {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  // The common case costs nothing: an uncompressed body is passed on untouched, uncounted.
  if (codings.length === 0) return { body, decoded: [], unsupported: null, wireBytes: () => 0 };
  let wire = 0;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        wire += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
  );
  const unsupported = codings.find((coding) => !DECODERS[coding]) ?? null;
  if (unsupported) return { body: counted, decoded: [], unsupported, wireBytes: () => wire };
  // Codings are listed in the order they were applied, so they are undone from the last.
  let decoded = counted;
  for (const coding of [...codings].reverse()) decoded = decodedStream(decoded, coding, DECODERS[coding] as DecoderFactory);
  return { body: decoded, decoded: codings, unsupported: null, wireBytes: () => wire };
}

function decodingError(coding: string, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return Object.assign(new Error(`the answer is labelled ${coding} but does not decode as ${coding} (${reason})`), {
    code: DECODING_ERROR_CODE,
    coding,
  });
}

/**
 * The decoder in paused mode, read only when our reader wants more: it inflates while its output
 * buffer has room and stops when it is full. Input is read from the service while output is awaited
 * (so a slow stream's events are not held back), at most one chunk ahead of what the decoder holds.
 */
function decodedStream(source: ReadableStream<Uint8Array>, coding: string, createDecoder: DecoderFactory): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let decoder: Transform | null = null;
  let ended = false;
  let failure: unknown = null;
  let sourceDone = false;
  let reading = false;
  let readResult: ReadableStreamReadResult<Uint8Array> | null = null;
  let readError: { error: unknown } | null = null;

  // Every event that may let the loop below move on wakes it; one noticed before the wait is kept.
  let wake: (() => void) | null = null;
  let woken = false;
  const notify = () => {
    woken = true;
    wake?.();
  };
  const waitForNews = () =>
    woken
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          wake = resolve;
        });

  const create = (firstChunk: Uint8Array): Transform => {
    const created = createDecoder(firstChunk);
    created.on("readable", notify);
    created.on("drain", notify);
    created.once("end", () => {
      ended = true;
      notify();
    });
    created.on("error", (error) => {
      failure ??= error;
      notify();
    });
    return created;
  };

  const readSource = () => {
    reading = true;
    reader.read().then(
      (result) => {
        readResult = result;
        notify();
      },
      (error: unknown) => {
        readError = { error };
        notify();
      },
    );
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          woken = false;
          wake = null;
          if (failure) {
            controller.error(decodingError(coding, failure));
            void reader.cancel().catch(() => undefined);
            return;
          }
          if (readError) {
            // The service's connection failed: the same error, for the reader to describe.
            decoder?.destroy();
            controller.error(readError.error);
            return;
          }
          if (readResult) {
            const result: ReadableStreamReadResult<Uint8Array> = readResult;
            readResult = null;
            reading = false;
            if (result.done) {
              sourceDone = true;
              if (!decoder) return controller.close();
              decoder.end();
            } else {
              decoder ??= create(result.value);
              decoder.write(result.value);
            }
            continue;
          }
          const output: Buffer | null = decoder?.read() ?? null;
          if (output) {
            controller.enqueue(new Uint8Array(output.buffer, output.byteOffset, output.byteLength));
            return;
          }
          if (ended) return controller.close();
          if (!sourceDone && !reading && !decoder?.writableNeedDrain) readSource();
          await waitForNews();
        }
      },
      cancel(reason) {
        decoder?.destroy();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
