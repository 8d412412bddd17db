import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Applies the SQL files in `migrations/` in name order, each once, recorded in
 * `playground_migrations`. All of it runs in one transaction under an advisory lock, so instances
 * starting together on one PostgreSQL server migrate once, and a failed file leaves nothing half done.
 */

export type MigrationSession = {
  /** Runs SQL text that may hold several statements, without parameters. */
  exec: (sqlText: string) => Promise<void>;
  query: <Row>(sqlText: string, params?: unknown[]) => Promise<Row[]>;
};

export type Migration = { name: string; sql: string };

/** Migrations ship as SQL files with the source; the server runs from the project folder. */
export const MIGRATIONS_DIR = join(process.cwd(), "lib", "server", "database", "migrations");

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  // Read at run time from the project folder, not traced into the build's output.
  return readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(/*turbopackIgnore: true*/ dir, name), "utf8") }));
}

/** An arbitrary constant naming the lock that serializes migrations across instances. */
const MIGRATION_LOCK = 7_270_001;

/** Returns the names applied now (empty when the database was up to date). */
export async function applyMigrations(session: MigrationSession, migrations: Migration[]): Promise<string[]> {
  await session.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
  await session.exec(
    "CREATE TABLE IF NOT EXISTS playground_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const done = new Set((await session.query<{ name: string }>("SELECT name FROM playground_migrations")).map((row) => row.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    await session.exec(migration.sql);
    await session.query("INSERT INTO playground_migrations (name) VALUES ($1)", [migration.name]);
    applied.push(migration.name);
  }
  return applied;
}
