import "server-only";

/**
 * Share uploads being received at once: at most 2 per client and PLAYGROUND_MAX_UPLOADS in all.
 * Each one holds a connection, a staging file and a chunk in memory for as long as it lasts; past
 * the cap a new one is turned away (503 with when to retry) before a byte of it is read.
 */

export const UPLOADS_PER_CLIENT = 2;
/** Long enough for an upload of a few MB on a slow link to finish. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

type Slots = { clients: Map<string, number>; total: number };
const slot = globalThis as typeof globalThis & { __uploadSlots?: Slots };
const slots = (slot.__uploadSlots ??= { clients: new Map(), total: 0 });

export type UploadSlot = { ok: true; release: () => void } | { ok: false; reason: "client" | "all" };

export function acquireUploadSlot(client: string, maxUploads: number): UploadSlot {
  const mine = slots.clients.get(client) ?? 0;
  if (mine >= UPLOADS_PER_CLIENT) return { ok: false, reason: "client" };
  if (slots.total >= maxUploads) return { ok: false, reason: "all" };
  slots.clients.set(client, mine + 1);
  slots.total += 1;
  let released = false;
  return {
    ok: true,
    release: () => {
      if (released) return;
      released = true;
      slots.total -= 1;
      const left = (slots.clients.get(client) ?? 1) - 1;
      if (left <= 0) slots.clients.delete(client);
      else slots.clients.set(client, left);
    },
  };
}
