import "server-only";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { SharesConfig } from "@/lib/server/config/config";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { warnAtMostEveryMinute } from "./limit-warnings";

/**
 * The per-client limits (generations, job checks, shares) and the sign-in throttle, on
 * rate-limiter-flexible: in this process's memory with no DATABASE_URL, and in the PostgreSQL
 * server's `rate_limits` table with one, so every instance behind a load balancer spends one shared
 * budget per client. Each limit allows `points` in a fixed window of `durationSeconds`.
 */

export type LimitDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export type LimitSpec = {
  name:
    | "generate"
    | "poll"
    | "share"
    | "feedback"
    | "sign-in"
    | "sign-in-all"
    | "oidc"
    | "tokens"
    | "usage-export"
    | "image"
    | "library-search"
    | "collection-change"
    | "batch-create";
  points: number;
  durationSeconds: number;
};

/** Where the counts live: this process, or a PostgreSQL server every instance uses. */
export type LimitStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool };

/** One limiter per limit and store: memory's live on globalThis (route bundles share them), a pool's beside it. */
const slot = globalThis as typeof globalThis & { __clientLimiters?: Map<string, RateLimiterAbstract> };
const inMemory = (slot.__clientLimiters ??= new Map());
const onPools = new WeakMap<pg.Pool, Map<string, RateLimiterAbstract>>();

export function limiterFor(spec: LimitSpec, store: LimitStore): RateLimiterAbstract {
  const id = `${spec.name}:${spec.points}:${spec.durationSeconds}`;
  let limiters = inMemory;
  if (store.kind === "postgres") {
    limiters = onPools.get(store.pool) ?? new Map();
    onPools.set(store.pool, limiters);
  }
  let limiter = limiters.get(id);
  if (!limiter) {
    const options = { keyPrefix: spec.name, points: spec.points, duration: spec.durationSeconds };
    limiter =
      store.kind === "memory"
        ? new RateLimiterMemory(options)
        : new RateLimiterPostgres({
            ...options,
            storeClient: store.pool,
            storeType: "pool",
            tableName: "rate_limits",
            // Created by the playground's own migrations, like every other table.
            tableCreated: true,
            clearExpiredByTimeout: true,
          });
    limiters.set(id, limiter);
  }
  return limiter;
}

/** The store for this configuration: the PostgreSQL server when there is one, else memory. */
export async function limitStoreFor(shares: SharesConfig): Promise<LimitStore> {
  if (!("url" in shares.database)) return { kind: "memory" };
  const connection = await sharedDatabase(shares);
  return connection.pool ? { kind: "postgres", pool: connection.pool } : { kind: "memory" };
}

/**
 * Spends one point of `client`'s budget. When the shared store cannot be reached, the request goes
 * ahead (fails open), with one warning line a minute in the log: a database outage must not stop
 * generating, which never needed the database, and the in-flight cap still bounds each instance.
 */
export async function takeFailingOpen(spec: LimitSpec, store: Promise<LimitStore>, client: string): Promise<LimitDecision> {
  try {
    const limiter = limiterFor(spec, await store);
    await limiter.consume(client);
    return { ok: true };
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
    warnAtMostEveryMinute(
      `limits-${spec.name}`,
      `Image Prompt Playground: the shared ${spec.name} rate limit cannot reach the database, so requests are let through unlimited for now (the in-flight cap still applies).`,
    );
    return { ok: true };
  }
}
