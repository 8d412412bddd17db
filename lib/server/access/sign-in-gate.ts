import "server-only";
import { ClientTurns } from "@/lib/server/limits/client-turns";

/**
 * Sign-in attempts under way in this process: one at a time per client, and a few at a time in
 * all. The throttle's wait only slows each attempt; without this gate a guesser would send a
 * hundred at once and have them all answered after one wait.
 *
 * One more attempt per client may wait for the turn when it comes back soon: a double click on
 * "Sign in", or two colleagues behind one address, then go through one after the other. Anything
 * past that is turned away with when to retry (429), never queued.
 */

export const SIGN_IN_MAX_IN_FLIGHT = 4;
/** How long the one waiting attempt may wait for its client's turn. */
const WAIT_AT_MOST_MS = 3000;

type Gate = { turns: ClientTurns; waiting: Set<string> };
const slot = globalThis as typeof globalThis & { __signInGate?: Gate };
const gate = (slot.__signInGate ??= { turns: new ClientTurns(1), waiting: new Set() });

export type GateEntry =
  { ok: true; waited: boolean; leave: () => void } | { ok: false; retryAfterSeconds: number; reason: "client" | "all" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `expectedMs`: how long this attempt will take (its throttle wait), so others know when to retry. */
export async function enterSignIn(client: string, expectedMs: number): Promise<GateEntry> {
  const first = take(client, expectedMs);
  if (first.ok || first.reason !== "client" || gate.waiting.has(client)) return first;
  const waitMs = first.retryAfterMs;
  if (waitMs > WAIT_AT_MOST_MS) return first;
  gate.waiting.add(client);
  try {
    // The turn is expected back after the holder's throttle wait; checking its password can take
    // a little longer on a busy server, so the waiter keeps trying for a while past that.
    const giveUpAt = Date.now() + waitMs + WAIT_AT_MOST_MS;
    let latest = first;
    while (Date.now() < giveUpAt) {
      await sleep(Math.max(latest.retryAfterMs, 25) + 10);
      const next = take(client, expectedMs);
      if (next.ok) return { ...next, waited: true };
      if (next.reason !== "client") return next;
      latest = next;
    }
    return latest;
  } finally {
    gate.waiting.delete(client);
  }
}

function take(client: string, expectedMs: number): (GateEntry & { ok: true }) | (GateEntry & { ok: false; retryAfterMs: number }) {
  const now = Date.now();
  const turn = gate.turns.take(client, SIGN_IN_MAX_IN_FLIGHT, now + expectedMs);
  if (turn.ok) return { ok: true, waited: false, leave: turn.release };
  const retryAfterMs = Math.max(0, turn.soonestBackAt - now);
  return { ok: false, reason: turn.reason, retryAfterMs, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}
