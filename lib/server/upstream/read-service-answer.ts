import "server-only";
import { describeNetworkError } from "./network-errors";

/**
 * Reads the start of a service's answer. Small answers (error bodies among them) are read whole,
 * so that a body that breaks, stops or grows past the cap still gets a true status. An answer
 * longer than `bufferBytes` is handed on as its first chunks plus a reader for the rest, to be
 * streamed: the browser then starts receiving a large image while the service is still sending it.
 */

export type BodyReadResult =
  | { ok: true; chunks: Uint8Array[]; size: number; rest: ReadableStreamDefaultReader<Uint8Array> | null }
  | { ok: false; reason: "too-large" | "broken" | "stopped" | "cancelled"; detail: string; size: number };

export type BodyReadOptions = { maxBytes: number; bufferBytes: number; totalTimeout: AbortSignal; callerSignal: AbortSignal };

export function tooLargeDetail(maxBytes: number): string {
  return `more than ${maxBytes.toLocaleString("en")} bytes arrived`;
}

export function readFailureDetail(error: unknown, size: number, options: Pick<BodyReadOptions, "totalTimeout" | "callerSignal">) {
  if (options.callerSignal.aborted) return { reason: "cancelled" as const, detail: "the browser cancelled the request" };
  if (options.totalTimeout.aborted) {
    return {
      reason: "stopped" as const,
      detail: `the answer was still incomplete when the time ran out (${size.toLocaleString("en")} bytes received)`,
    };
  }
  return { reason: "broken" as const, detail: `${describeNetworkError(error)} after ${size.toLocaleString("en")} bytes of the answer` };
}

export async function readServiceBody(
  response: { headers: Headers; body: ReadableStream<Uint8Array> | null },
  options: BodyReadOptions,
): Promise<BodyReadResult> {
  const declared = Number.parseInt(response.headers.get("content-length") ?? "", 10);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body?.cancel();
    return { ok: false, reason: "too-large", detail: `it declared ${declared.toLocaleString("en")} bytes`, size: 0 };
  }
  if (!response.body) return { ok: true, chunks: [], size: 0, rest: null };

  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { ok: true, chunks, size, rest: null };
      size += value.byteLength;
      if (size > options.maxBytes) {
        // Cancelling the body closes the connection to the service: nothing more is read.
        await reader.cancel();
        return { ok: false, reason: "too-large", detail: tooLargeDetail(options.maxBytes), size };
      }
      chunks.push(value);
      if (size > options.bufferBytes) return { ok: true, chunks, size, rest: reader };
    }
  } catch (error) {
    return { ok: false, ...readFailureDetail(error, size, options), size };
  }
}
