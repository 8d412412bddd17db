import "server-only";

/**
 * Slows down password guessing per client: each wrong password doubles the wait before the next
 * answer (0.25 s, 0.5 s, 1 s … up to 8 s); a right one clears the record.
 */
const slot = globalThis as typeof globalThis & { __signInFailures?: Map<string, { count: number; at: number }> };
const failures = (slot.__signInFailures ??= new Map());
const FORGET_AFTER_MS = 15 * 60_000;

export function signInDelayMs(client: string, now = Date.now()): number {
  const record = failures.get(client);
  if (!record || now - record.at > FORGET_AFTER_MS) return 0;
  return Math.min(8000, 250 * 2 ** (record.count - 1));
}

export function recordSignInFailure(client: string, now = Date.now()): void {
  const record = failures.get(client);
  const count = record && now - record.at <= FORGET_AFTER_MS ? record.count + 1 : 1;
  failures.set(client, { count, at: now });
  if (failures.size > 10_000) {
    for (const [key, value] of failures) if (now - value.at > FORGET_AFTER_MS) failures.delete(key);
  }
}

export function clearSignInFailures(client: string): void {
  failures.delete(client);
}
