import "server-only";

/**
 * Replaces every occurrence of a secret in a body that arrives in chunks, also when it is split
 * across chunks. Only a chunk's tail that could begin the secret is held back for the next chunk,
 * so almost every chunk passes through as it is, without a copy.
 */

export const SCRUBBED = "[redacted key]";

export class SecretScrubber {
  private readonly needle: Buffer;
  private readonly replacement = Buffer.from(SCRUBBED, "utf8");
  private pending: Buffer = Buffer.alloc(0);

  constructor(secret: string) {
    this.needle = Buffer.from(secret, "utf8");
  }

  push(chunk: Uint8Array): Uint8Array[] {
    if (this.needle.length === 0) return [chunk];
    const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, view]) : view;
    this.pending = Buffer.alloc(0);
    const output: Uint8Array[] = [];
    let emitFrom = 0;
    for (let at = data.indexOf(this.needle); at !== -1; at = data.indexOf(this.needle, emitFrom)) {
      if (at > emitFrom) output.push(data.subarray(emitFrom, at));
      output.push(this.replacement);
      emitFrom = at + this.needle.length;
    }
    const held = this.startOfSecretAtEnd(data, emitFrom);
    const end = data.length - held;
    if (end > emitFrom) output.push(data.subarray(emitFrom, end));
    if (held > 0) this.pending = Buffer.from(data.subarray(end)); // a few bytes, copied so the chunk is not kept alive
    return output;
  }

  flush(): Uint8Array[] {
    const rest = this.pending;
    this.pending = Buffer.alloc(0);
    return rest.length > 0 ? [rest] : [];
  }

  /** Length of the longest tail of `data` (after `from`) that is a beginning of the secret. */
  private startOfSecretAtEnd(data: Buffer, from: number): number {
    for (let length = Math.min(this.needle.length - 1, data.length - from); length > 0; length--) {
      if (data.compare(this.needle, 0, length, data.length - length, data.length) === 0) return length;
    }
    return 0;
  }
}

export function scrubSecretChunks(chunks: readonly Uint8Array[], secret: string): Uint8Array[] {
  const scrubber = new SecretScrubber(secret);
  return [...chunks.flatMap((chunk) => scrubber.push(chunk)), ...scrubber.flush()];
}

export function scrubSecretText(text: string, secret: string): string {
  return secret === "" ? text : text.split(secret).join(SCRUBBED);
}
