import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { applyMigrations, readMigrations, type MigrationSession } from "./migrate";
import { lockDataFolder } from "./data-folder-lock";
import { EmbeddedClient } from "./embedded-client";
import { EMBEDDED_DATABASE_FOLDER } from "./data-folder-layout";
import * as schema from "./schema";
import { folderStorage, inDatabaseStorage, type FileStorage } from "./share-file-storage";
import { folderBlobs, inDatabaseBlobs, type BlobStorage } from "./library-blob-storage";
import { join } from "node:path";

/**
 * One schema and one set of queries on two drivers: a real PostgreSQL server when a URL is given
 * (several instances share it), else PostgreSQL embedded in this process (PGlite, on a thread of its
 * own: embedded-client.ts) in a data folder.
 * Migrations are applied when the connection opens.
 */

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseConnection = {
  db: Database;
  /** Where share files' bytes go (see share-file-storage.ts). */
  files: FileStorage;
  /** Where the library's file bytes go, by content hash (see library-blob-storage.ts). */
  blobs: BlobStorage;
  kind: "postgres" | "embedded";
  /** The PostgreSQL server's pool (null when embedded): the shared rate limits use it directly. */
  pool: pg.Pool | null;
  /** Plain SQL on the same connection(s), for a library that brings its own queries (the batch queue). */
  sql: SqlRunner;
  close: () => Promise<void>;
};

/**
 * Runs SQL text as it comes: with `values`, one statement with $1… parameters; without, possibly
 * several statements (a library's own migrations), answering the last one's rows.
 */
export type SqlRunner = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;

/** The embedded database's data folder: the database itself, the share files beside it, a lock. */
export type DatabaseTarget = { url: string } | { dataDir: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseConnection> {
  if ("url" in target) return openPostgres(target.url);
  return openEmbedded(target.dataDir);
}

async function openPostgres(url: string): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server emits here; the next query reports it instead.
  pool.on("error", () => undefined);
  try {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const session: MigrationSession = {
        exec: async (text) => void (await client.query(text)),
        query: async (text, params) => (await client.query(text, params)).rows,
      };
      await applyMigrations(session, readMigrations());
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    db: drizzlePostgres({ client: pool, schema }) as unknown as Database,
    files: inDatabaseStorage,
    blobs: inDatabaseBlobs,
    kind: "postgres",
    pool,
    sql: async (text, values) => {
      const result = await pool.query(text, values);
      // Several statements answer an array of results: the last one's rows.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
      return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
    },
    close: () => pool.end(),
  };
}

async function openEmbedded(dataDir: string): Promise<DatabaseConnection> {
  const unlock = lockDataFolder(dataDir);
  try {
    const client = new EmbeddedClient(join(dataDir, EMBEDDED_DATABASE_FOLDER));
    await client
      .transaction(async (tx) => {
        const session: MigrationSession = {
          exec: async (text) => void (await tx.exec(text)),
          query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
        };
        await applyMigrations(session, readMigrations());
      })
      .catch(async (error: unknown) => {
        await client.close().catch(() => undefined);
        throw error;
      });
    return {
      // The query builder's PGlite driver takes the client for PGlite itself: the same calls, answered by its thread.
      db: drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database,
      files: folderStorage(join(dataDir, "share-files")),
      blobs: folderBlobs(join(dataDir, "library-files")),
      kind: "embedded",
      pool: null,
      sql: async (text, values) => {
        if (values === undefined || values.length === 0) {
          const last = (await client.exec(text)).at(-1);
          return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? 0 };
        }
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
      },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
