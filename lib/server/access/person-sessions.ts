import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lte } from "drizzle-orm";
import type { AccessConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { people, sessions } from "@/lib/server/database/schema";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { cookieValue } from "@/lib/server/http/cookies";

/**
 * Sessions of people signed in with the company's provider, kept in the database so that they can
 * be ended: the cookie holds 32 random bytes, the table only their SHA-256 (a copy of the table
 * signs nobody in). A session that has expired is gone the next time it is shown.
 */

export const SESSION_COOKIE_NAME = "playground_session";

export type Person = { id: string; email: string | null; name: string; role: "admin" | "member" };

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** 43 base64url characters; anything else is not one of ours and is not looked up. */
const TOKEN = /^[\w-]{43}$/;

export async function savePerson(connection: Pick<DatabaseConnection, "db">, person: Person, now = new Date()): Promise<void> {
  const values = { email: person.email, name: person.name, role: person.role, lastSignInAt: now };
  await connection.db
    .insert(people)
    .values({ id: person.id, ...values })
    .onConflictDoUpdate({ target: people.id, set: values });
}

/** Everyone who has signed in, most recent first (the Usage page's budgets and sessions, for admins). */
export async function listPeople(connection: Pick<DatabaseConnection, "db">, limit = 500): Promise<Person[]> {
  return connection.db
    .select({ id: people.id, email: people.email, name: people.name, role: people.role })
    .from(people)
    .orderBy(desc(people.lastSignInAt))
    .limit(limit);
}

export async function startSession(
  connection: Pick<DatabaseConnection, "db">,
  personId: string,
  hours: number,
  now = new Date(),
): Promise<{ token: string; maxAgeSeconds: number }> {
  const token = randomBytes(32).toString("base64url");
  const maxAgeSeconds = hours * 3600;
  await connection.db
    .insert(sessions)
    .values({ tokenHash: hashOf(token), personId, createdAt: now, expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000) });
  return { token, maxAgeSeconds };
}

export async function personOfToken(connection: Pick<DatabaseConnection, "db">, token: string, now = new Date()): Promise<Person | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await connection.db
    .select({ id: people.id, email: people.email, name: people.name, role: people.role })
    .from(sessions)
    .innerJoin(people, eq(people.id, sessions.personId))
    .where(and(eq(sessions.tokenHash, hashOf(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function endSession(connection: Pick<DatabaseConnection, "db">, token: string): Promise<Person | null> {
  if (!TOKEN.test(token)) return null;
  const person = await personOfToken(connection, token, new Date(0));
  await connection.db.delete(sessions).where(eq(sessions.tokenHash, hashOf(token)));
  return person;
}

/** Every session of one person (sign out everywhere, or an admin ending them); how many ended. */
export async function endAllSessions(connection: Pick<DatabaseConnection, "db">, personId: string): Promise<number> {
  const ended = await connection.db.delete(sessions).where(eq(sessions.personId, personId)).returning({ hash: sessions.tokenHash });
  return ended.length;
}

export async function purgeExpiredSessions(connection: Pick<DatabaseConnection, "db">, now = new Date()): Promise<number> {
  const removed = await connection.db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ hash: sessions.tokenHash });
  return removed.length;
}

/** The person a request's session cookie belongs to; null without one, or when the database cannot say (fails closed). */
export async function personOfSession(headers: Pick<Headers, "get">, access: Pick<AccessConfig, "secretHome">): Promise<Person | null> {
  const token = cookieValue(headers.get("cookie"), SESSION_COOKIE_NAME);
  if (!token) return null;
  try {
    return await personOfToken(await sharedDatabase({ database: access.secretHome }), token);
  } catch {
    return null;
  }
}
