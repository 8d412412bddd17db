import { inject } from "vitest";
import { openDatabase, type DatabaseConnection } from "../lib/server/database/connection";

/**
 * The two databases every database test runs on: PGlite in memory, and a fresh database on the
 * PostgreSQL server the test run started (one per test file, so files do not share rows).
 */
export const DATABASE_TARGETS = ["embedded", "postgres"] as const;

export async function openTestDatabase(kind: (typeof DATABASE_TARGETS)[number]): Promise<DatabaseConnection> {
  if (kind === "embedded") return openDatabase({ memory: true });
  const serverUrl = inject("postgresUrl");
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openAdmin(serverUrl);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return openDatabase({ url: serverUrl.replace(/\/[^/]*$/, `/${name}`) });
}

async function openAdmin(url: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client(url);
  await client.connect();
  return client;
}
