/**
 * Zip archives written with fflate, entries stored rather than deflated: images are compressed
 * already, so storing them is as small and much faster.
 */

export type ZipEntry = { name: string; data: Uint8Array | Blob };

/** Output is folded into Blob parts at this size, so an archive's bytes are never held twice. */
const FOLD_AT_BYTES = 8 * 1024 * 1024;

/**
 * Streams the entries into one zip Blob. A Blob entry is read chunk by chunk; the output goes into
 * Blob parts as it is written, so a large export holds at most one part beyond what the browser
 * keeps in its blob store.
 */
export async function zipToBlob(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, now = new Date()): Promise<Blob> {
  // fflate arrives with the first download: the image views that offer one load before anyone asks.
  const { Zip, ZipPassThrough } = await import("fflate");
  const parts: Blob[] = [];
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let pendingBytes = 0;
  let failure: Error | null = null;
  const fold = () => {
    if (pending.length === 0) return;
    parts.push(new Blob(pending));
    pending = [];
    pendingBytes = 0;
  };
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    // fflate hands out views of its own buffers or of ours; each is complete once handed over.
    pending.push(new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength));
    pendingBytes += chunk.byteLength;
    if (final || pendingBytes >= FOLD_AT_BYTES) fold();
  });
  for await (const entry of entries) {
    const file = new ZipPassThrough(entry.name);
    file.mtime = now;
    zip.add(file);
    if (entry.data instanceof Blob) {
      const reader = entry.data.stream().getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) file.push(read.value);
      file.push(new Uint8Array(0), true);
    } else {
      file.push(entry.data, true);
    }
    if (failure) throw failure;
  }
  zip.end();
  if (failure) throw failure;
  fold();
  return new Blob(parts, { type: "application/zip" });
}
