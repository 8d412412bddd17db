/**
 * Reads a byte stream to its end into one array, counting what arrived. With a limit it stops (and
 * cancels the stream) as soon as more has arrived, without reading the rest. Browser and server.
 */
export type StreamRead =
  { ok: true; bytes: Uint8Array<ArrayBuffer>; size: number } | { ok: false; reason: "too-large" | "broken"; size: number };

export async function readWholeStream(stream: ReadableStream<Uint8Array> | null, maxBytes = Number.POSITIVE_INFINITY): Promise<StreamRead> {
  if (!stream) return { ok: true, bytes: new Uint8Array(0), size: 0 };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { ok: false, reason: "too-large", size };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: "broken", size };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes, size };
}
