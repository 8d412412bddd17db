/**
 * Replaces every occurrence of a secret in a byte stream, also when it is split across chunks:
 * the last (length - 1) bytes of each chunk are held back until the next chunk shows whether they
 * start the secret. Everything else passes through as it came.
 */

export const SCRUBBED = "[redacted key]";

export function scrubSecretStream(secret: string): TransformStream<Uint8Array, Uint8Array> {
  const needle = Buffer.from(secret, "utf8");
  const replacement = Buffer.from(SCRUBBED, "utf8");
  let pending: Buffer = Buffer.alloc(0);

  return new TransformStream({
    transform(chunk, controller) {
      if (needle.length === 0) {
        controller.enqueue(chunk);
        return;
      }
      const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      // A match can only be complete if it starts before this point; later bytes may be its beginning.
      const completeBefore = data.length - (needle.length - 1);
      let emitFrom = 0;
      for (let at = data.indexOf(needle); at !== -1 && at < completeBefore; at = data.indexOf(needle, emitFrom)) {
        if (at > emitFrom) controller.enqueue(data.subarray(emitFrom, at));
        controller.enqueue(Buffer.from(replacement));
        emitFrom = at + needle.length;
      }
      const keepFrom = Math.max(emitFrom, completeBefore);
      if (keepFrom > emitFrom) controller.enqueue(data.subarray(emitFrom, keepFrom));
      pending = Buffer.from(data.subarray(keepFrom)); // a copy, so the large chunk is not kept alive
    },
    flush(controller) {
      if (pending.length > 0) controller.enqueue(pending);
    },
  });
}

export function scrubSecretText(text: string, secret: string): string {
  return secret === "" ? text : text.split(secret).join(SCRUBBED);
}
