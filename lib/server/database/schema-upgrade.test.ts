import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_TARGETS, type DatabaseTargetKind } from "@/test-support/database-targets";
import { openDatabase, type DatabaseConnection, type DatabaseTarget } from "./connection";
import { DATABASE_DIR } from "./migrate";

// Big integers come back as strings from one driver and numbers from the other: compared as text.

/**
 * The schema in schema.ts is the one source: a database made by the hand-written migrations of
 * earlier releases upgrades in place (every share, comment and limit kept) into exactly the
 * database a fresh start makes from the generated migrations, constraint for constraint.
 */

type Sql = { exec: (text: string) => Promise<void>; rows: <Row>(text: string) => Promise<Row[]>; close: () => Promise<void> };

const LEGACY = ["0001_shares.sql", "0002_limits_and_base_forms.sql", "0003_share_feedback.sql"];

/** A raw connection to the database a target names, as an earlier release would have opened it. */
async function rawConnection(target: DatabaseTarget): Promise<Sql> {
  if ("dataDir" in target) {
    const client = await PGlite.create(join(target.dataDir, "database"));
    return {
      exec: async (text) => void (await client.exec(text)),
      rows: async <Row>(text: string) => (await client.query<Row>(text)).rows,
      close: () => client.close(),
    };
  }
  const client = new pg.Client(target.url);
  await client.connect();
  return {
    exec: async (text) => void (await client.query(text)),
    rows: async <Row>(text: string) => (await client.query(text)).rows as Row[],
    close: () => client.end(),
  };
}

/** What an earlier release left behind: its migrations applied and recorded, and some of everything. */
async function makeLegacyDatabase(sql: Sql): Promise<void> {
  await sql.exec("CREATE TABLE playground_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
  for (const name of LEGACY) {
    await sql.exec(readFileSync(join(DATABASE_DIR, "legacy-migrations", name), "utf8"));
    await sql.exec(`INSERT INTO playground_migrations (name) VALUES ('${name}')`);
  }
  await sql.exec(`
    INSERT INTO shares (id, owner_token_hash, source_key, kind, record, bytes) VALUES ('share-1', 'owner', 'run-1', 'run', '{"id":"run-1"}', 1234);
    INSERT INTO share_files (share_id, name, content_type, bytes, data) VALUES ('share-1', 'image-1.png', 'image/png', 4, '\\x89504e47');
    UPDATE share_library SET bytes = 1234 WHERE id = 1;
    INSERT INTO share_feedback (id, share_id, author, rating, comment) VALUES ('comment-1', 'share-1', 'Ana', 5, 'Lovely fox');
    INSERT INTO rate_limits (key, points, expire) VALUES ('generate:203.0.113.9', 7, 9999999999999);
    INSERT INTO service_base_forms (root, form) VALUES ('https://images.example', 'api');
  `);
}

/** The structure of the public schema: columns, constraints and indexes, by name and definition. */
async function structureOf(sql: Sql): Promise<unknown> {
  return {
    columns: await sql.rows(
      "SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'playground_migrations' ORDER BY 1, 2",
    ),
    constraints: await sql.rows(
      "SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> 'playground_migrations' ORDER BY 1, 2",
    ),
    indexes: await sql.rows(
      "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'playground_migrations' ORDER BY 1, 2",
    ),
  };
}

async function freshTarget(kind: DatabaseTargetKind): Promise<DatabaseTarget> {
  return kind === "embedded" ? { dataDir: mkdtempSync(join(tmpdir(), "playground-schema-")) } : { url: await createTestDatabase() };
}

describe.each(DATABASE_TARGETS)("a database made by an earlier release, on %s", (kind) => {
  it(
    "upgrades in place, keeping every share, comment and limit, into the very database a fresh start makes",
    { timeout: 60_000 },
    async () => {
      const legacyTarget = await freshTarget(kind);
      const freshOne = await freshTarget(kind);
      let connection: DatabaseConnection | null = null;
      try {
        const legacy = await rawConnection(legacyTarget);
        await makeLegacyDatabase(legacy);
        await legacy.close();

        connection = await openDatabase(legacyTarget);
        await connection.close();
        connection = null;
        await (await openDatabase(freshOne)).close();

        const upgraded = await rawConnection(legacyTarget);
        const fresh = await rawConnection(freshOne);
        try {
          expect(await structureOf(upgraded)).toEqual(await structureOf(fresh));
          expect(await upgraded.rows("SELECT id, bytes::text AS bytes FROM shares")).toEqual([{ id: "share-1", bytes: "1234" }]);
          expect(await upgraded.rows("SELECT name, bytes FROM share_files")).toEqual([{ name: "image-1.png", bytes: 4 }]);
          expect(await upgraded.rows("SELECT bytes::text AS bytes FROM share_library")).toEqual([{ bytes: "1234" }]);
          expect(await upgraded.rows("SELECT author, comment FROM share_feedback")).toEqual([{ author: "Ana", comment: "Lovely fox" }]);
          expect(await upgraded.rows("SELECT key, points FROM rate_limits")).toEqual([{ key: "generate:203.0.113.9", points: 7 }]);
          expect(await upgraded.rows("SELECT root, form FROM service_base_forms")).toEqual([
            { root: "https://images.example", form: "api" },
          ]);
          // The migrations after the baseline ran; the baseline was recorded, not run again.
          const names = (await upgraded.rows<{ name: string }>("SELECT name FROM playground_migrations ORDER BY name")).map(
            (row) => row.name,
          );
          expect(names).toEqual(
            [
              ...LEGACY,
              "0000_baseline",
              "0001_share_library_row",
              "0002_server_secrets",
              "0003_budgets_and_audit",
              "0004_people_and_sessions",
              "0005_api_tokens",
              "0006_share_authors",
              "0007_budget_reservation",
              "0008_library",
              "0009_search_extension",
              "0010_library_search",
              "0011_library_search_order",
              "0012_library_collections",
              "0013_collection_links",
              "0014_batches",
              "0015_batch_claim_function",
              "0016_batch_row_answers",
              "0017_batch_claim_answered",
              "0018_batch_keep_and_claim",
            ].sort(),
          );
          expect(await fresh.rows("SELECT bytes::text AS bytes FROM share_library")).toEqual([{ bytes: "0" }]);
        } finally {
          await upgraded.close();
          await fresh.close();
        }
      } finally {
        await connection?.close();
        for (const target of [legacyTarget, freshOne]) if ("dataDir" in target) rmSync(target.dataDir, { recursive: true, force: true });
      }
    },
  );
});
