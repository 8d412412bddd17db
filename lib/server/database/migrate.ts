import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Applies the migrations drizzle-kit generated from schema.ts (`drizzle/`, in the order of its
 * journal), each once, recorded in `playground_migrations`. All of it runs in one transaction
 * under an advisory lock, so instances starting together on one PostgreSQL server migrate once,
 * and a failed migration leaves nothing half done.
 *
 * Databases made before the schema was the source were built by hand-written files
 * (`legacy-migrations/`). Such a database is first brought to the last of those, which made
 * exactly what the generated baseline makes (name for name), so the baseline is recorded as
 * applied there without running, and the generated migrations after it run as anywhere else.
 */

export type MigrationSession = {
  /** Runs SQL text that may hold several statements, without parameters. */
  exec: (sqlText: string) => Promise<void>;
  query: <Row>(sqlText: string, params?: unknown[]) => Promise<Row[]>;
};

export type Migration = { name: string; sql: string };
export type MigrationSet = { generated: Migration[]; legacy: Migration[] };

/** Migrations ship as SQL files with the source; the server runs from the project folder. */
export const DATABASE_DIR = join(process.cwd(), "lib", "server", "database");

/** The generated migrations that the legacy files had already made (the baseline and its one row). */
const MADE_BY_LEGACY = new Set(["0000_baseline", "0001_share_library_row"]);
const LEGACY_FILES = ["0001_shares.sql", "0002_limits_and_base_forms.sql", "0003_share_feedback.sql"];

function read(path: string): string {
  // Read at run time from the project folder, not traced into the build's output.
  return readFileSync(/*turbopackIgnore: true*/ path, "utf8");
}

export function readMigrations(dir = DATABASE_DIR): MigrationSet {
  const journal: unknown = JSON.parse(read(join(dir, "drizzle", "meta", "_journal.json")));
  const entries =
    typeof journal === "object" && journal !== null && "entries" in journal && Array.isArray(journal.entries) ? journal.entries : [];
  const generated = entries.map((entry: unknown): Migration => {
    const tag = typeof entry === "object" && entry !== null && "tag" in entry && typeof entry.tag === "string" ? entry.tag : "";
    if (!/^\d{4}_[\w-]+$/.test(tag)) throw new Error(`The migrations journal names an unexpected migration: ${JSON.stringify(tag)}.`);
    return { name: tag, sql: read(join(dir, "drizzle", `${tag}.sql`)) };
  });
  const legacy = LEGACY_FILES.map((name) => ({ name, sql: read(join(dir, "legacy-migrations", name)) }));
  return { generated, legacy };
}

/** drizzle-kit separates the statements of one migration with this marker. */
const BREAKPOINT = "--> statement-breakpoint";

/** An arbitrary constant naming the lock that serializes migrations across instances. */
const MIGRATION_LOCK = 7_270_001;

/** Returns the names applied now (empty when the database was up to date). */
export async function applyMigrations(session: MigrationSession, migrations: MigrationSet): Promise<string[]> {
  await session.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
  await session.exec(
    "CREATE TABLE IF NOT EXISTS playground_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const done = new Set((await session.query<{ name: string }>("SELECT name FROM playground_migrations")).map((row) => row.name));
  const record = (name: string) => session.query("INSERT INTO playground_migrations (name) VALUES ($1)", [name]);
  const applied: string[] = [];
  const madeByLegacy = migrations.legacy.some((migration) => done.has(migration.name));
  if (madeByLegacy) {
    for (const migration of migrations.legacy) {
      if (done.has(migration.name)) continue;
      await session.exec(migration.sql);
      await record(migration.name);
      applied.push(migration.name);
    }
  }
  for (const migration of migrations.generated) {
    if (done.has(migration.name)) continue;
    if (!(madeByLegacy && MADE_BY_LEGACY.has(migration.name))) {
      for (const statement of migration.sql.split(BREAKPOINT)) if (statement.trim() !== "") await session.exec(statement);
      applied.push(migration.name);
    }
    await record(migration.name);
  }
  return applied;
}
