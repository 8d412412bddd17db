import type { BodyChunk, BodyPart } from "./worker-messages";

/**
 * The answers the worker holds for the tasks still to come on them (the page reads an answer, then
 * history stores it). An answer comes either in parts of a known whole (sent once it was read) or
 * chunk by chunk while it is still arriving (mirrored), its length known only at its end.
 */

/** Answers kept: the oldest goes first; a task that already started holds its bytes itself. */
const KEPT_BODIES = 2;
/**
 * A mirrored answer's first room when its length was not said; it doubles as chunks come. Fresh
 * memory is what a copy costs (see sliced-bytes): growing a 22 MB answer from here copied it
 * about twice over, and the worker finished 170 ms after the page, against a few with room made once.
 */
const FIRST_CAPACITY = 1024 * 1024;

type Kept = { bytes: Uint8Array<ArrayBuffer>; received: number; ended: boolean };
const bodies = new Map<number, Kept>();

function keep(body: number, kept: Kept): Kept {
  bodies.set(body, kept);
  for (const oldest of bodies.keys()) {
    if (bodies.size <= KEPT_BODIES) break;
    bodies.delete(oldest);
  }
  return kept;
}

export function receivePart({ body, size, offset, bytes }: BodyPart): void {
  const kept = bodies.get(body) ?? keep(body, { bytes: new Uint8Array(size), received: 0, ended: true });
  kept.bytes.set(bytes, offset);
  kept.received += bytes.byteLength;
}

export function receiveBodyChunk(message: BodyChunk): void {
  if (message.kind === "body-drop") {
    bodies.delete(message.body);
    return;
  }
  const kept = bodies.get(message.body);
  if (message.kind === "body-end") {
    // Only whole answers are read: one let go meanwhile (or missing a chunk) is asked for again.
    if (!kept || kept.received !== message.size) bodies.delete(message.body);
    else Object.assign(kept, { bytes: kept.bytes.subarray(0, message.size), ended: true });
    return;
  }
  const { body, offset, bytes, sizeHint } = message;
  // A later chunk of an answer no longer kept: the rest is dropped too (its end then removes nothing).
  if (!kept && offset > 0) return;
  const room = Math.max(sizeHint ?? FIRST_CAPACITY, bytes.byteLength);
  const target = kept ?? keep(body, { bytes: new Uint8Array(room), received: 0, ended: false });
  if (target.received !== offset) return;
  const needed = offset + bytes.byteLength;
  if (needed > target.bytes.length) {
    const grown = new Uint8Array(Math.max(needed, target.bytes.length * 2));
    grown.set(target.bytes.subarray(0, target.received));
    target.bytes = grown;
  }
  target.bytes.set(bytes, offset);
  target.received = needed;
}

/** The whole answer, or null while it is not all here (or was let go). */
export function wholeBody(body: number): Uint8Array<ArrayBuffer> | null {
  const kept = bodies.get(body);
  return kept?.ended && kept.received === kept.bytes.length ? kept.bytes : null;
}
