import "server-only";
import { resolve } from "node:path";
import type { SharesConfig } from "@/lib/server/config/config";
import { openDatabase, type DatabaseConnection } from "./connection";

/**
 * The process's one connection, opened on first use (generating never waits for it or needs it).
 * Kept on globalThis: Next bundles routes and pages separately, and two openings of one data
 * folder would be refused by its lock. A failed opening is forgotten, so the next request retries
 * (a PostgreSQL server that was down comes back without a restart).
 */

function targetOf(config: Pick<SharesConfig, "database">) {
  return "url" in config.database ? config.database : { dataDir: resolve(config.database.dataDir) };
}

const keyOf = (config: Pick<SharesConfig, "database">) => JSON.stringify(targetOf(config));

type Slot = { key: string; opening: Promise<DatabaseConnection>; open: boolean };
const holder = globalThis as typeof globalThis & { __playgroundDatabase?: Slot };

export function sharedDatabase(config: Pick<SharesConfig, "database">): Promise<DatabaseConnection> {
  const target = targetOf(config);
  const key = JSON.stringify(target);
  const current = holder.__playgroundDatabase;
  if (current && current.key === key) return current.opening;
  const opening = openDatabase(target);
  const slot: Slot = { key, opening, open: false };
  holder.__playgroundDatabase = slot;
  opening.then(
    () => (slot.open = true),
    () => {
      if (holder.__playgroundDatabase === slot) holder.__playgroundDatabase = undefined;
    },
  );
  return opening;
}

/**
 * The connection if the server has opened it (or is opening it), else null: for records that follow
 * a generation (the audit log), which must never be what starts the embedded database (its first
 * start holds this process for seconds, while generations are under way).
 */
export function openedDatabase(config: Pick<SharesConfig, "database">): Promise<DatabaseConnection> | null {
  const current = holder.__playgroundDatabase;
  return current && current.key === keyOf(config) ? current.opening : null;
}

/**
 * The connection only once it is open: for work that may be skipped but must never wait for the
 * opening (counting a generation against caps nobody configured, the page's budget meter).
 */
export function readyDatabase(config: Pick<SharesConfig, "database">): Promise<DatabaseConnection> | null {
  const current = holder.__playgroundDatabase;
  return current && current.key === keyOf(config) && current.open ? current.opening : null;
}

/** Whether the connection is still being opened (migrations, the embedded database's first start). */
export function isDatabaseOpening(): boolean {
  const current = holder.__playgroundDatabase;
  return current !== undefined && !current.open;
}

/** Why the database could not be used, in plain words, without the URL (it may hold a password). */
export function databaseFailureDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/in use by another playground/.test(message)) return message;
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|timeout|terminat|Connection/i.test(message)) {
    return "The share library's database cannot be reached right now. Generating still works; try sharing again in a moment.";
  }
  if (/no space|disk full|could not extend/i.test(message)) {
    return "The share library's database is out of space. Generating still works; ask whoever runs the playground to free some.";
  }
  return "The share library's database failed. Generating still works; try sharing again in a moment.";
}

/** Closes the process's connection, if one was opened (on stopping: releases the data folder). */
export async function closeSharedDatabase(): Promise<void> {
  const current = holder.__playgroundDatabase;
  holder.__playgroundDatabase = undefined;
  if (!current) return;
  const connection = await current.opening.catch(() => null);
  await connection?.close();
}
