import "server-only";
import PgBoss from "pg-boss";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { warnAtMostEveryMinute } from "@/lib/server/limits/limit-warnings";
import { QUEUE_SCHEMA } from "./queue-names";

/**
 * The durable queue batches run on: pg-boss 10 (11 and later need Node 22), on the playground's
 * own database whichever it is. pg-boss takes any connection that runs SQL text, so it is given
 * the connection the playground already holds: the PostgreSQL pool, or the embedded database (one
 * process owns its data folder, so the queue cannot open a connection of its own there). The same
 * engine on both means the same guarantees on both: a job is handed to one worker at a time
 * (`FOR UPDATE SKIP LOCKED`), a job whose worker vanished (a crash, `kill -9`) is handed out again
 * once its lease expires, and retries wait their delay. Its tables live in their own schema.
 */

export type QueueEngine = PgBoss;

export async function startQueueEngine(connection: Pick<DatabaseConnection, "sql">): Promise<QueueEngine> {
  const engine = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => connection.sql(text, values) },
    schema: QUEUE_SCHEMA,
    // Expired leases are looked for every few seconds, so a crashed worker's rows come back quickly.
    monitorStateIntervalSeconds: 5,
    maintenanceIntervalSeconds: 5,
  });
  // Failures of its own upkeep (a database restarting) are retried by it: said in the log, never thrown.
  engine.on("error", (error: Error) =>
    warnAtMostEveryMinute("batch-queue", `Image Prompt Playground: the batch queue's upkeep failed (${error.message}); it tries again.`),
  );
  await engine.start();
  return engine;
}
