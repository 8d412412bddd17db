import "server-only";

import { readWholeStream } from "@/lib/utils/read-stream";

/**
 * Reads a request body up to a byte limit, refusing as soon as the declared length or the bytes
 * actually received (chunked bodies too) pass it, without reading the rest.
 */
export async function readRequestBody(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; text: string; size: number } | { ok: false; reason: "too-large" | "broken" }> {
  const declared = Number.parseInt(request.headers.get("content-length") ?? "", 10);
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: "too-large" };
  const read = await readWholeStream(request.body, maxBytes);
  if (!read.ok) return { ok: false, reason: read.reason };
  return { ok: true, text: new TextDecoder().decode(read.bytes), size: read.size };
}
