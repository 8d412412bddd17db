import "server-only";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { budgetOverrides } from "@/lib/server/database/schema";

/**
 * Who has caps of their own (an admin's override), known in this process: with no configured cap,
 * a generation whose author has none costs no database round trip before the service is called
 * (it is counted after its answer instead). The list is read again once it is older than
 * OWN_CAPS_FRESH_MS, so an override set on another instance holds here within that time, and at
 * once on the instance that set it.
 */
export const OWN_CAPS_FRESH_MS = 5_000;

type Known = { authors: Set<string>; readAt: number } | { reading: Promise<Set<string>> };

/** Per connection: tests (and the bench) open more than one database in a process. */
const known = new WeakMap<object, Known>();

async function readAuthors(connection: Pick<DatabaseConnection, "db">): Promise<Set<string>> {
  const rows = await connection.db.select({ author: budgetOverrides.author }).from(budgetOverrides);
  return new Set(rows.map((row) => row.author));
}

/** Whether an admin gave this author caps of their own. Concurrent callers share one read. */
export async function hasOwnCaps(connection: Pick<DatabaseConnection, "db">, author: string, now = Date.now()): Promise<boolean> {
  const current = known.get(connection);
  if (current && "authors" in current && now - current.readAt <= OWN_CAPS_FRESH_MS) return current.authors.has(author);
  if (current && "reading" in current) return (await current.reading).has(author);
  const reading = readAuthors(connection);
  known.set(connection, { reading });
  try {
    const authors = await reading;
    known.set(connection, { authors, readAt: now });
    return authors.has(author);
  } catch (error) {
    known.delete(connection);
    throw error;
  }
}

/** After a change of overrides on this instance: the next generation reads them again. */
export function forgetOwnCaps(connection: Pick<DatabaseConnection, "db">): void {
  known.delete(connection);
}
