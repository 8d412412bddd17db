import { inject } from "vitest";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type DatabaseConnection } from "../lib/server/database/connection";
import { EMBEDDED_DATABASE_FOLDER } from "../lib/server/database/data-folder-layout";

/**
 * The two databases every database test runs on: PGlite, and a fresh database on the PostgreSQL
 * server the test run started (one per call, so tests do not share rows).
 */
export const DATABASE_TARGETS = ["embedded", "postgres"] as const;
export type DatabaseTargetKind = (typeof DATABASE_TARGETS)[number];

export async function openTestDatabase(kind: DatabaseTargetKind): Promise<DatabaseConnection> {
  if (kind === "embedded") return openDatabase({ dataDir: freshDataFolder() });
  return openDatabase({ url: await createTestDatabase() });
}

/** The environment that points a playground at a fresh database of this kind. */
export async function testDatabaseEnv(kind: DatabaseTargetKind): Promise<Record<string, string>> {
  if (kind === "embedded") return { PLAYGROUND_DATA_DIR: freshDataFolder() };
  return { DATABASE_URL: await createTestDatabase() };
}

/**
 * A new data folder whose embedded database is made and migrated: a copy of the one the test run
 * made at its start (vitest.global-setup.ts). Making one is PostgreSQL's initdb in WebAssembly,
 * about 6 s of a core each time; a copy is opened in under a second. A test of how a database is
 * first made or upgraded starts from an empty folder instead.
 */
export function freshDataFolder(prefix = "playground-data-"): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(inject("embeddedTemplate"), EMBEDDED_DATABASE_FOLDER), join(folder, EMBEDDED_DATABASE_FOLDER), { recursive: true });
  return folder;
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
