import "server-only";
import { limiterFor, type LimitSpec, type LimitStore } from "@/lib/server/limits/client-limits";
import { warnAtMostEveryMinute } from "@/lib/server/limits/limit-warnings";

/**
 * Slows down password guessing: each wrong password doubles the wait before the next answer
 * (0.25 s, 0.5 s, 1 s … up to 8 s) for 15 minutes after the first. Wrong tries are counted twice:
 * per client (a right password clears that record) and for the password as a whole, so guesses
 * spread over many addresses slow everyone's sign-in down too (after a few free ones, for the
 * team's own typos). Both counts live where the rate limits do (shared by every instance on one
 * PostgreSQL server), so a guesser gains nothing by moving between instances.
 *
 * When a count cannot be read, signing in is refused ("unavailable"): failing open here would
 * let guessing go at full speed exactly while the database is down, and a person who is already
 * signed in is not affected.
 */

const WINDOW_SECONDS = 15 * 60;
const CLIENT_FAILURES: LimitSpec = { name: "sign-in", points: 1_000_000, durationSeconds: WINDOW_SECONDS };
const ALL_FAILURES: LimitSpec = { name: "sign-in-all", points: 1_000_000, durationSeconds: WINDOW_SECONDS };
/** The one key of the whole password's count. */
const PASSWORD_KEY = "password";
/** Wrong passwords across the team before the whole password's count starts to slow anyone. */
export const TEAM_FREE_FAILURES = 30;

export const delayForFailures = (failures: number) => (failures <= 0 ? 0 : Math.min(8000, 250 * 2 ** (failures - 1)));

export async function signInDelayMs(store: Promise<LimitStore>, client: string): Promise<number | "unavailable"> {
  try {
    const limits = await store;
    const [mine, all] = await Promise.all([
      limiterFor(CLIENT_FAILURES, limits).get(client),
      limiterFor(ALL_FAILURES, limits).get(PASSWORD_KEY),
    ]);
    return Math.max(delayForFailures(mine?.consumedPoints ?? 0), delayForFailures((all?.consumedPoints ?? 0) - TEAM_FREE_FAILURES));
  } catch {
    warnAtMostEveryMinute(
      "sign-in-throttle",
      "Image Prompt Playground: the sign-in throttle cannot reach the database, so sign-in is refused until it can (sessions already signed in go on).",
    );
    return "unavailable";
  }
}

export async function recordSignInFailure(store: Promise<LimitStore>, client: string): Promise<void> {
  const limits = await store.catch(() => null);
  if (!limits) return;
  await Promise.all([
    limiterFor(CLIENT_FAILURES, limits)
      .penalty(client, 1)
      .catch(() => undefined),
    limiterFor(ALL_FAILURES, limits)
      .penalty(PASSWORD_KEY, 1)
      .catch(() => undefined),
  ]);
}

export async function clearSignInFailures(store: Promise<LimitStore>, client: string): Promise<void> {
  await limiterFor(CLIENT_FAILURES, await store)
    .delete(client)
    .catch(() => undefined);
}
