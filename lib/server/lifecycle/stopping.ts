import { PROBLEM_KINDS, PROBLEM_TYPE_PREFIX } from "@/lib/request/problem";

/**
 * Whether this server is stopping (SIGTERM received). Kept on globalThis, which the proxy and every
 * route bundle of one process share. No `server-only` import: the proxy reads it.
 */
const slot = globalThis as typeof globalThis & { __playgroundStopping?: { since: number | null } };
const state = (slot.__playgroundStopping ??= { since: null });

export function isStopping(): boolean {
  return state.since !== null;
}

export function markStopping(now = Date.now()): void {
  state.since ??= now;
}

export const STOPPING_DETAIL =
  "The playground restarted: this server is stopping and takes no new work. Try again in a moment (another instance, or this one once it is back, will answer).";

/** The answer to any new request while stopping: 503, so a load balancer sends it elsewhere. */
export function stoppingAnswer(): Response {
  const { status, title } = PROBLEM_KINDS.restarting;
  const body = { type: `${PROBLEM_TYPE_PREFIX}restarting`, title, status, detail: STOPPING_DETAIL };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", "retry-after": "5", connection: "close" },
  });
}
