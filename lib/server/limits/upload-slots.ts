import "server-only";
import { ClientTurns } from "./client-turns";

/**
 * Share uploads being received at once: at most 2 per client and PLAYGROUND_MAX_UPLOADS in all.
 * Each one holds a connection, a staging file and a chunk in memory for as long as it lasts; past
 * the cap a new one is turned away (503 with when to retry) before a byte of it is read.
 */

export const UPLOADS_PER_CLIENT = 2;
/** Long enough for an upload of a few MB on a slow link to finish. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

const slot = globalThis as typeof globalThis & { __uploadSlots?: ClientTurns };
const slots = (slot.__uploadSlots ??= new ClientTurns(UPLOADS_PER_CLIENT));

export type UploadSlot = { ok: true; release: () => void } | { ok: false; reason: "client" | "all" };

export function acquireUploadSlot(client: string, maxUploads: number): UploadSlot {
  const turn = slots.take(client, maxUploads, Date.now() + UPLOAD_RETRY_AFTER_SECONDS * 1000);
  return turn.ok ? { ok: true, release: turn.release } : { ok: false, reason: turn.reason };
}
