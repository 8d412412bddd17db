import { inject } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type DatabaseConnection } from "../lib/server/database/connection";

/**
 * The two databases every database test runs on: PGlite, and a fresh database on the PostgreSQL
 * server the test run started (one per call, so tests do not share rows).
 */
export const DATABASE_TARGETS = ["embedded", "postgres"] as const;
export type DatabaseTargetKind = (typeof DATABASE_TARGETS)[number];

export async function openTestDatabase(kind: DatabaseTargetKind): Promise<DatabaseConnection> {
  if (kind === "embedded") return openDatabase({ dataDir: mkdtempSync(join(tmpdir(), "playground-data-")) });
  return openDatabase({ url: await createTestDatabase() });
}

/** The environment that points a playground at a fresh database of this kind. */
export async function testDatabaseEnv(kind: DatabaseTargetKind): Promise<Record<string, string>> {
  if (kind === "embedded") return { PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), "playground-data-")) };
  return { DATABASE_URL: await createTestDatabase() };
}

/** A new, empty database on the test run's PostgreSQL server; its URL. */
export async function createTestDatabase(): Promise<string> {
  const serverUrl = inject("postgresUrl");
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const { default: pg } = await import("pg");
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return serverUrl.replace(/\/[^/]*$/, `/${name}`);
}
