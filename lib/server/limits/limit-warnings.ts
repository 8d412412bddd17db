import "server-only";

/** One log line a minute per topic: an outage that lasts an hour writes sixty lines, not a million. */
const slot = globalThis as typeof globalThis & { __limitWarnings?: Map<string, number> };
const lastWarned = (slot.__limitWarnings ??= new Map());

export function warnAtMostEveryMinute(topic: string, message: string, now = Date.now()): boolean {
  const last = lastWarned.get(topic);
  if (last !== undefined && now - last < 60_000) return false;
  lastWarned.set(topic, now);
  console.warn(message);
  return true;
}
