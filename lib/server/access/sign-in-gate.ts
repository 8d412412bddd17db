import "server-only";

/**
 * Sign-in attempts under way in this process: one at a time per client, and a few at a time in
 * all. The throttle's wait only slows each attempt; without this gate a guesser would send a
 * hundred at once and have them all answered after one wait. An attempt that finds its client's
 * turn taken (or the gate full) is turned away with when to retry, never queued.
 */

export const SIGN_IN_MAX_IN_FLIGHT = 4;

type Gate = { clients: Map<string, number>; total: number };
const slot = globalThis as typeof globalThis & { __signInGate?: Gate };
const gate = (slot.__signInGate ??= { clients: new Map(), total: 0 });

export type GateEntry = { ok: true; leave: () => void } | { ok: false; retryAfterSeconds: number; reason: "client" | "all" };

/** `expectedMs`: how long this attempt will take (its throttle wait), so others know when to retry. */
export function enterSignIn(client: string, expectedMs: number, now = Date.now()): GateEntry {
  const busyUntil = gate.clients.get(client);
  if (busyUntil !== undefined) return { ok: false, retryAfterSeconds: secondsUntil(busyUntil, now), reason: "client" };
  if (gate.total >= SIGN_IN_MAX_IN_FLIGHT) {
    const soonest = Math.min(...gate.clients.values());
    return { ok: false, retryAfterSeconds: secondsUntil(soonest, now), reason: "all" };
  }
  gate.clients.set(client, now + expectedMs);
  gate.total += 1;
  let left = false;
  return {
    ok: true,
    leave: () => {
      if (left) return;
      left = true;
      gate.clients.delete(client);
      gate.total -= 1;
    },
  };
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));
