import "server-only";
import { limiterFor, type LimitSpec, type LimitStore } from "@/lib/server/limits/client-limits";
import { warnAtMostEveryMinute } from "@/lib/server/limits/limit-warnings";

/**
 * Slows down password guessing per client: each wrong password doubles the wait before the next
 * answer (0.25 s, 0.5 s, 1 s … up to 8 s) for 15 minutes after the first; a right one clears the
 * record. The wrong tries are counted where the rate limits are (shared by every instance on one
 * PostgreSQL server), so a guesser gains nothing by moving between instances.
 *
 * When that count cannot be read, signing in is refused ("unavailable"): failing open here would
 * let guessing go at full speed exactly while the database is down, and a person who is already
 * signed in is not affected.
 */

const SIGN_IN_FAILURES: LimitSpec = { name: "sign-in", points: 1_000_000, durationSeconds: 15 * 60 };

export const delayForFailures = (failures: number) => (failures <= 0 ? 0 : Math.min(8000, 250 * 2 ** (failures - 1)));

export async function signInDelayMs(store: Promise<LimitStore>, client: string): Promise<number | "unavailable"> {
  try {
    const record = await limiterFor(SIGN_IN_FAILURES, await store).get(client);
    return delayForFailures(record?.consumedPoints ?? 0);
  } catch {
    warnAtMostEveryMinute(
      "sign-in-throttle",
      "Image Prompt Playground: the sign-in throttle cannot reach the database, so sign-in is refused until it can (sessions already signed in go on).",
    );
    return "unavailable";
  }
}

export async function recordSignInFailure(store: Promise<LimitStore>, client: string): Promise<void> {
  await limiterFor(SIGN_IN_FAILURES, await store)
    .penalty(client, 1)
    .catch(() => undefined);
}

export async function clearSignInFailures(store: Promise<LimitStore>, client: string): Promise<void> {
  await limiterFor(SIGN_IN_FAILURES, await store)
    .delete(client)
    .catch(() => undefined);
}
