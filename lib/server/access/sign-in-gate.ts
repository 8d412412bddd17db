import "server-only";
import { ClientTurns } from "@/lib/server/limits/client-turns";

/**
 * Sign-in attempts under way in this process: one at a time per client, and a few at a time in
 * all. The throttle's wait only slows each attempt; without this gate a guesser would send a
 * hundred at once and have them all answered after one wait. An attempt that finds its client's
 * turn taken (or the gate full) is turned away with when to retry, never queued.
 */

export const SIGN_IN_MAX_IN_FLIGHT = 4;

const slot = globalThis as typeof globalThis & { __signInGate?: ClientTurns };
const gate = (slot.__signInGate ??= new ClientTurns(1));

export type GateEntry = { ok: true; leave: () => void } | { ok: false; retryAfterSeconds: number; reason: "client" | "all" };

/** `expectedMs`: how long this attempt will take (its throttle wait), so others know when to retry. */
export function enterSignIn(client: string, expectedMs: number, now = Date.now()): GateEntry {
  const turn = gate.take(client, SIGN_IN_MAX_IN_FLIGHT, now + expectedMs);
  if (turn.ok) return { ok: true, leave: turn.release };
  return { ok: false, reason: turn.reason, retryAfterSeconds: Math.max(1, Math.ceil((turn.soonestBackAt - now) / 1000)) };
}
