import "server-only";

import { readWholeStream } from "@/lib/utils/read-stream";

/**
 * A browser sends a JSON body of a few KB at once; one still arriving after this long is held open
 * on purpose (it would keep the turn it was given while it drips in), and is cut off.
 */
export const REQUEST_BODY_SECONDS = 10;

/**
 * Reads a request body up to a byte limit, refusing as soon as the declared length or the bytes
 * actually received (chunked bodies too) pass it, without reading the rest, and within
 * REQUEST_BODY_SECONDS.
 */
export async function readRequestBody(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; text: string; size: number } | { ok: false; reason: "too-large" | "broken" | "too-slow" }> {
  const read = await readRequestBytes(request, maxBytes);
  return read.ok ? { ok: true, text: new TextDecoder().decode(read.bytes), size: read.size } : read;
}

/** The same, for a body of bytes (a picture to convert). */
export async function readRequestBytes(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; bytes: Uint8Array; size: number } | { ok: false; reason: "too-large" | "broken" | "too-slow" }> {
  const declared = Number.parseInt(request.headers.get("content-length") ?? "", 10);
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: "too-large" };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooSlow = new Promise<"too-slow">((resolve) => (timer = setTimeout(() => resolve("too-slow"), REQUEST_BODY_SECONDS * 1000)));
  const read = await Promise.race([readWholeStream(request.body, maxBytes), tooSlow]);
  clearTimeout(timer);
  if (read === "too-slow") {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, reason: "too-slow" };
  }
  if (!read.ok) return { ok: false, reason: read.reason };
  return { ok: true, bytes: read.bytes, size: read.size };
}
