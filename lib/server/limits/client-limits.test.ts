import { afterAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { createTestDatabase } from "@/test-support/database-targets";
import { openDatabase, type DatabaseConnection } from "@/lib/server/database/connection";
import { clearSignInFailures, recordSignInFailure, signInDelayMs } from "@/lib/server/access/sign-in-throttle";
import { takeFailingOpen, type LimitSpec, type LimitStore } from "./client-limits";

/**
 * The per-client limits in memory, and on one PostgreSQL server seen through two separate pools
 * (two playground instances): one budget between them. A store that cannot be reached lets
 * generating through and refuses signing in.
 */

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;
const memory = async (): Promise<LimitStore> => ({ kind: "memory" });

const opened: DatabaseConnection[] = [];
afterAll(async () => {
  await Promise.all(opened.map((connection) => connection.close()));
});

/** Two instances' pools on one fresh database (migrated, so `rate_limits` exists). */
async function twoInstances(): Promise<[Promise<LimitStore>, Promise<LimitStore>]> {
  const url = await createTestDatabase();
  const first = await openDatabase({ url });
  const second = await openDatabase({ url });
  opened.push(first, second);
  const store = (connection: DatabaseConnection): Promise<LimitStore> => Promise.resolve({ kind: "postgres", pool: connection.pool! });
  return [store(first), store(second)];
}

/** A pool whose server is not there: every query fails. */
function unreachable(): Promise<LimitStore> {
  const pool = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none", connectionTimeoutMillis: 500 });
  pool.on("error", () => undefined);
  return Promise.resolve({ kind: "postgres", pool });
}

describe("per-client limits", () => {
  it("in memory: allows the budget, then says how long to wait; clients are apart", async () => {
    const spec: LimitSpec = { name: "generate", points: 3, durationSeconds: 60 };
    const client = unique("client");
    for (let i = 0; i < 3; i++) expect(await takeFailingOpen(spec, memory(), client)).toEqual({ ok: true });
    const refused = await takeFailingOpen(spec, memory(), client);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(!refused.ok && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await takeFailingOpen(spec, memory(), unique("other"))).toEqual({ ok: true });
  });

  it("on PostgreSQL: two instances spend one budget, alternating", async () => {
    const [first, second] = await twoInstances();
    const spec: LimitSpec = { name: "generate", points: 30, durationSeconds: 60 };
    const client = unique("client");
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push((await takeFailingOpen(spec, i % 2 === 0 ? first : second, client)).ok);
    expect(answers.filter(Boolean)).toHaveLength(30);
    expect(answers.slice(30)).toEqual([false, false]);
    // Another limit (job checks) and another client have budgets of their own.
    expect((await takeFailingOpen({ ...spec, name: "poll" }, first, client)).ok).toBe(true);
    expect((await takeFailingOpen(spec, second, unique("other"))).ok).toBe(true);
  });

  it("lets generating through when the store cannot be reached, warning once a minute", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const spec: LimitSpec = { name: "generate", points: 1, durationSeconds: 60 };
      expect(await takeFailingOpen(spec, unreachable(), "a")).toEqual({ ok: true });
      expect(await takeFailingOpen(spec, unreachable(), "a")).toEqual({ ok: true });
      expect(warn.mock.calls.filter(([line]) => String(line).includes("shared generate rate limit"))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("sign-in throttle", () => {
  it("doubles the wait with each wrong password, up to 8 s, and forgets on success", async () => {
    const client = unique("guesser");
    expect(await signInDelayMs(memory(), client)).toBe(0);
    const delays = [];
    for (let i = 0; i < 7; i++) {
      await recordSignInFailure(memory(), client);
      delays.push(await signInDelayMs(memory(), client));
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000]);
    await clearSignInFailures(memory(), client);
    expect(await signInDelayMs(memory(), client)).toBe(0);
  });

  it("on PostgreSQL, wrong tries made through one instance slow the next answer of the other", async () => {
    const [first, second] = await twoInstances();
    const client = unique("guesser");
    await recordSignInFailure(first, client);
    await recordSignInFailure(second, client);
    await recordSignInFailure(first, client);
    expect(await signInDelayMs(second, client)).toBe(1000);
    await clearSignInFailures(second, client);
    expect(await signInDelayMs(first, client)).toBe(0);
  });

  it("refuses signing in when the wrong tries cannot be read", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await signInDelayMs(unreachable(), unique("guesser"))).toBe("unavailable");
    vi.restoreAllMocks();
  });
});
