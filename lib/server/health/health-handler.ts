import "server-only";
import { sql } from "drizzle-orm";
import type { ConfigResult, SharesConfig } from "@/lib/server/config/config";
import { isDatabaseOpening, sharedDatabase } from "@/lib/server/database/shared-database";
import { unknownHostAnswer } from "@/lib/server/http/unknown-host-answer";
import { isStopping } from "@/lib/server/lifecycle/stopping";

/**
 * GET /api/health, for a load balancer's check: whether this instance can take work. No session,
 * no rate limit, no call to the image service, and nothing secret: states only, never the key or
 * the service's or database's URL. 200 when it can serve; 503 when it cannot (the configuration is
 * not valid, the database it needs is still opening or down, or it is stopping).
 */

export type HealthBody = {
  status: "ok" | "starting" | "misconfigured" | "database-down" | "stopping";
  /** Whether the embedded demo service answers demo models. */
  demo: "on" | "off";
  /** The image service: set in the configuration, absent (demo only), or a configuration that is not valid. */
  service: "configured" | "none" | "misconfigured";
  /** The share library's database (and the shared limits' store when it is PostgreSQL). */
  database: { kind: "postgresql" | "embedded" | "unknown"; state: "up" | "opening" | "down" | "unknown" };
};

const PING_TIMEOUT_MS = 2_000;

export async function handleHealth(request: Request, configResult: ConfigResult): Promise<Response> {
  const refused = unknownHostAnswer(request.headers);
  if (refused) return refused;
  const body = await healthOf(configResult);
  return new Response(JSON.stringify(body), {
    status: body.status === "ok" ? 200 : 503,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}

async function healthOf(configResult: ConfigResult): Promise<HealthBody> {
  if (!configResult.ok) {
    return { status: "misconfigured", demo: "off", service: "misconfigured", database: { kind: "unknown", state: "unknown" } };
  }
  const { config } = configResult;
  const kind = "url" in config.shares.database ? "postgresql" : "embedded";
  const state = await databaseState(config.shares);
  const status = isStopping() ? "stopping" : state === "up" ? "ok" : state === "opening" ? "starting" : "database-down";
  return {
    status,
    demo: config.demo.enabled ? "on" : "off",
    service: config.service ? "configured" : "none",
    database: { kind, state },
  };
}

async function databaseState(shares: SharesConfig): Promise<"up" | "opening" | "down"> {
  const up = await pingDatabase(shares);
  if (up) return "up";
  // Still opening (migrations, the embedded database's first start) is not down.
  return isDatabaseOpening() ? "opening" : "down";
}

async function pingDatabase(shares: SharesConfig): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
  const ping = sharedDatabase(shares)
    .then(({ db }) => db.execute(sql`select 1`))
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
