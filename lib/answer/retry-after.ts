/** Retry-After is seconds or an HTTP date (RFC 9110); the wait in ms, or null when it is neither. */
export function parseRetryAfter(value: string, now: number): number | null {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** How often a job is checked when its service does not say (Retry-After). */
export const POLL_EVERY_MS = 3000;
/** For how long a job is followed at most, in the page and in a server batch. */
export const FOLLOW_JOB_FOR_AT_MOST_MS = 10 * 60_000;
/** A service's Retry-After is followed within these bounds: never hammered, never left for long. */
const FASTEST_POLL_MS = 500;
const SLOWEST_POLL_MS = 60_000;

/** The pace a job's answer asks for with Retry-After, else the usual one. */
export function pollPaceMs(retryAfter: string | undefined, now = Date.now()): number {
  const asked = retryAfter ? parseRetryAfter(retryAfter, now) : null;
  return asked === null ? POLL_EVERY_MS : Math.min(SLOWEST_POLL_MS, Math.max(FASTEST_POLL_MS, asked));
}
