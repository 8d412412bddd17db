import "server-only";
import { describeNetworkError } from "./network-errors";

/**
 * Reads a service's answer body once into chunks (one copy in memory, never re-parsed), so the
 * playground can still give a true status when the body breaks, stops or grows past the cap.
 */

export type BodyReadResult =
  | { ok: true; chunks: Uint8Array[]; size: number }
  | { ok: false; reason: "too-large" | "broken" | "stopped" | "cancelled"; detail: string; size: number };

export async function readServiceBody(
  response: Response,
  options: { maxBytes: number; totalTimeout: AbortSignal; callerSignal: AbortSignal },
): Promise<BodyReadResult> {
  const declared = Number.parseInt(response.headers.get("content-length") ?? "", 10);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body?.cancel();
    return { ok: false, reason: "too-large", detail: `it declared ${declared.toLocaleString("en")} bytes`, size: 0 };
  }
  if (!response.body) return { ok: true, chunks: [], size: 0 };

  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { ok: true, chunks, size };
      size += value.byteLength;
      if (size > options.maxBytes) {
        // Cancelling the body closes the connection to the service: nothing more is read.
        await reader.cancel();
        return { ok: false, reason: "too-large", detail: `more than ${options.maxBytes.toLocaleString("en")} bytes arrived`, size };
      }
      chunks.push(value);
    }
  } catch (error) {
    if (options.callerSignal.aborted) return { ok: false, reason: "cancelled", detail: "the browser cancelled the request", size };
    if (options.totalTimeout.aborted) {
      return { ok: false, reason: "stopped", detail: `the answer was still incomplete when the time ran out (${size.toLocaleString("en")} bytes received)`, size };
    }
    return { ok: false, reason: "broken", detail: `${describeNetworkError(error)} after ${size.toLocaleString("en")} bytes of the answer`, size };
  }
}
