import "server-only";

/**
 * The shapes in which a service may echo the key back: as it is, JSON-escaped (`\u0073k-…`, any
 * character or all of them, `\/` for a slash), or base64-encoded (standard or URL-safe, at any of
 * the three alignments inside a longer base64 text, where only its middle characters are fixed).
 */

export type SecretForm =
  | { kind: "literal"; bytes: Buffer }
  /** The key's bytes, each either itself or escaped as JSON would escape it. */
  | { kind: "json-escaped"; bytes: Buffer };

/** Shorter base64 cores than this would match by chance in any large image. */
const MIN_BASE64_CORE = 12;

export function secretForms(secret: string): SecretForm[] {
  if (secret === "") return [];
  const bytes = Buffer.from(secret, "utf8");
  const literals = new Set<string>([secret]);
  for (const core of base64Cores(bytes)) {
    literals.add(core);
    literals.add(core.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return [
    ...[...literals].map((text): SecretForm => ({ kind: "literal", bytes: Buffer.from(text, "latin1") })),
    { kind: "json-escaped", bytes },
  ];
}

/** For each alignment, the base64 characters that depend on the key's bytes alone. */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const first = Math.ceil((8 * offset) / 6);
    const last = Math.floor((8 * (offset + bytes.length)) / 6);
    const core = encoded.slice(first, last);
    if (core.length >= MIN_BASE64_CORE) cores.push(core);
  }
  return cores;
}

export type FormMatch = { kind: "whole"; end: number } | { kind: "partial" } | { kind: "none" };

const BACKSLASH = 0x5c;

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/**
 * Whether the JSON-escaped form of `secret` starts at `start` of `data`: whole (and where it
 * ends), partial (`data` ends inside it: the next chunk may complete it), or none. Linear in the
 * secret's length.
 */
export function matchEscapedAt(data: Uint8Array, start: number, secret: Uint8Array): FormMatch {
  let at = start;
  for (const expected of secret) {
    if (at >= data.length) return { kind: "partial" };
    const byte = data[at];
    if (byte === expected) {
      at += 1;
      continue;
    }
    if (byte !== BACKSLASH || expected >= 0x80) return { kind: "none" };
    // A backslash: \/ for a slash, or \uXXXX naming the character.
    if (at + 1 >= data.length) return { kind: "partial" };
    const next = data[at + 1];
    if (next === 0x2f && expected === 0x2f) {
      at += 2;
      continue;
    }
    if (next !== 0x75) return { kind: "none" };
    let code = 0;
    for (let digit = 0; digit < 4; digit++) {
      if (at + 2 + digit >= data.length) return { kind: "partial" };
      const value = hexValue(data[at + 2 + digit]);
      if (value < 0) return { kind: "none" };
      code = code * 16 + value;
    }
    if (code !== expected) return { kind: "none" };
    at += 6;
  }
  return { kind: "whole", end: at };
}
