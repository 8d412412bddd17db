/**
 * Replaces every occurrence of a secret in a body held as chunks, also when it is split across
 * chunks: the last (length - 1) bytes of each chunk are held back until the next chunk shows
 * whether they start the secret. Chunks without the secret pass through as they are (no copy).
 */

export const SCRUBBED = "[redacted key]";

export function scrubSecretChunks(chunks: readonly Uint8Array[], secret: string): Uint8Array[] {
  const needle = Buffer.from(secret, "utf8");
  if (needle.length === 0) return [...chunks];
  const replacement = Buffer.from(SCRUBBED, "utf8");
  const output: Uint8Array[] = [];
  let pending: Buffer = Buffer.alloc(0);

  for (const chunk of chunks) {
    const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    // A match can only be complete if it starts before this point; later bytes may be its beginning.
    const completeBefore = data.length - (needle.length - 1);
    let emitFrom = 0;
    for (let at = data.indexOf(needle); at !== -1 && at < completeBefore; at = data.indexOf(needle, emitFrom)) {
      if (at > emitFrom) output.push(data.subarray(emitFrom, at));
      output.push(replacement);
      emitFrom = at + needle.length;
    }
    const keepFrom = Math.max(emitFrom, completeBefore);
    if (keepFrom > emitFrom) output.push(data.subarray(emitFrom, keepFrom));
    pending = Buffer.from(data.subarray(keepFrom)); // a copy of a few bytes, so the large chunk is not kept alive
  }
  if (pending.length > 0) output.push(pending);
  return output;
}

export function scrubSecretText(text: string, secret: string): string {
  return secret === "" ? text : text.split(secret).join(SCRUBBED);
}
