import "server-only";
import { LiteralSearch, type Span } from "./literal-search";
import { matchEscapedAt, secretForms, type SecretForm } from "./secret-forms";

/**
 * Replaces every occurrence of a secret in a body that arrives in chunks, in each form a service
 * may echo it (see secret-forms.ts), also when it is split across chunks. Only a chunk's tail that
 * could begin the secret is held back for the next chunk, so almost every chunk passes through as
 * it is, without a copy. Literal forms are found with the native search; the escaped form only
 * where a backslash is, so a body without one (an image's base64) costs one more native search.
 */

export const SCRUBBED = "[redacted key]";

const BACKSLASH = 0x5c;

/** What is looked for, for one set of secrets: made once and kept, since every answer needs it. */
type Searched = { forms: SecretForm[]; literals: LiteralSearch; longest: number };

const searchedBySecrets = new Map<string, Searched>();
/** A server has one key or a few; past this many sets the kept ones are dropped and made again. */
const MAX_KEPT = 16;

function searchedFor(secrets: readonly string[]): Searched {
  const cacheKey = JSON.stringify(secrets);
  let searched = searchedBySecrets.get(cacheKey);
  if (!searched) {
    const forms = secrets.flatMap(secretForms);
    searched = {
      forms,
      literals: new LiteralSearch(forms.flatMap((form) => (form.kind === "literal" ? [form.bytes] : []))),
      // The escaped form is at most six bytes per byte of the secret.
      longest: Math.max(0, ...forms.map((form) => (form.kind === "literal" ? form.bytes.length : form.bytes.length * 6))),
    };
    if (searchedBySecrets.size >= MAX_KEPT) searchedBySecrets.clear();
    searchedBySecrets.set(cacheKey, searched);
  }
  return searched;
}

export class SecretScrubber {
  private readonly forms: SecretForm[];
  private readonly literals: LiteralSearch;
  private readonly longest: number;
  private readonly replacement = Buffer.from(SCRUBBED, "utf8");
  private pending: Buffer = Buffer.alloc(0);

  constructor(secrets: string | readonly string[]) {
    ({
      forms: this.forms,
      literals: this.literals,
      longest: this.longest,
    } = searchedFor(typeof secrets === "string" ? [secrets] : secrets));
  }

  push(chunk: Uint8Array): Uint8Array[] {
    if (this.forms.length === 0) return [chunk];
    const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, view]) : view;
    this.pending = Buffer.alloc(0);
    const output: Uint8Array[] = [];
    let emitFrom = 0;
    for (const [start, end] of this.matches(data)) {
      if (start < emitFrom) continue;
      if (start > emitFrom) output.push(data.subarray(emitFrom, start));
      output.push(this.replacement);
      emitFrom = end;
    }
    const heldFrom = this.partialFrom(data, emitFrom);
    if (heldFrom > emitFrom) output.push(data.subarray(emitFrom, heldFrom));
    // A few bytes, copied so that the chunk is not kept alive.
    if (heldFrom < data.length) this.pending = Buffer.from(data.subarray(heldFrom));
    return output;
  }

  flush(): Uint8Array[] {
    const rest = this.pending;
    this.pending = Buffer.alloc(0);
    return rest.length > 0 ? [rest] : [];
  }

  /** Every whole occurrence of any form, by start (overlaps are skipped by the caller). */
  private matches(data: Buffer): Span[] {
    // Every literal form in one pass over the data (see literal-search.ts).
    const spans = this.literals.find(data);
    for (const form of this.forms) {
      if (form.kind === "literal") continue;
      // An escaped occurrence has a backslash within its first `length` bytes: each start is tried
      // once, from just after the previous backslash up to the next one.
      let tried = 0;
      for (let slash = data.indexOf(BACKSLASH); slash !== -1; slash = data.indexOf(BACKSLASH, slash + 1)) {
        for (let start = Math.max(tried, slash - form.bytes.length + 1); start <= slash; start++) {
          const match = matchEscapedAt(data, start, form.bytes);
          if (match.kind === "whole") spans.push([start, match.end]);
        }
        tried = slash + 1;
      }
    }
    return spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  }

  /** Where the tail that could begin a form starts (data.length when none could). */
  private partialFrom(data: Buffer, from: number): number {
    for (let start = Math.max(from, data.length - this.longest); start < data.length; start++) {
      const first = data[start];
      for (const form of this.forms) {
        // Cheap first: any occurrence starts with the secret's first byte, or an escape's backslash.
        if (first !== form.bytes[0] && (form.kind === "literal" || first !== BACKSLASH)) continue;
        if (form.kind === "literal") {
          const length = data.length - start;
          if (length < form.bytes.length && data.compare(form.bytes, 0, length, start, data.length) === 0) return start;
        } else if (matchEscapedAt(data, start, form.bytes).kind === "partial") {
          return start;
        }
      }
    }
    return data.length;
  }
}

export function scrubSecretChunks(chunks: readonly Uint8Array[], secret: string | readonly string[]): Uint8Array[] {
  const scrubber = new SecretScrubber(secret);
  return [...chunks.flatMap((chunk) => scrubber.push(chunk)), ...scrubber.flush()];
}

export function scrubSecretText(text: string, secret: string | readonly string[]): string {
  const scrubbed = scrubSecretChunks([Buffer.from(text, "utf8")], secret);
  return Buffer.concat(scrubbed).toString("utf8");
}
