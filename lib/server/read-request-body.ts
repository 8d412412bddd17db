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
  if (!request.body) return { ok: true, text: "", size: 0 };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { ok: false, reason: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: "broken" };
  }
  return { ok: true, text: new TextDecoder().decode(Buffer.concat(chunks)), size };
}
