import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { apiTokens } from "@/lib/server/database/schema";
import type { Author } from "@/lib/server/people/author";

/**
 * Personal API tokens: "pgt_" and 32 random bytes, named, expiring, revocable. The table keeps only
 * a SHA-256 of each (a copy of it unlocks nothing); the token itself is shown once, when made.
 */

export const TOKEN_PREFIX = "pgt_";
const TOKEN = /^pgt_[\w-]{43}$/;
export const TOKEN_NAME_MAX_CHARS = 80;
export const TOKEN_DAYS = [7, 30, 90, 365] as const;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

export type TokenSummary = {
  id: string;
  name: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export async function createToken(
  connection: Pick<DatabaseConnection, "db">,
  author: Author,
  name: string,
  days: number,
  now = new Date(),
): Promise<{ token: string; summary: TokenSummary }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = {
    id: randomBytes(9).toString("base64url"),
    author: author.id,
    authorName: author.name,
    name,
    tokenHash: hashOf(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + days * 86_400_000),
  };
  await connection.db.insert(apiTokens).values(row);
  return { token, summary: { id: row.id, name, createdAt: now, expiresAt: row.expiresAt, lastUsedAt: null, revokedAt: null } };
}

export async function tokensOf(connection: Pick<DatabaseConnection, "db">, author: string): Promise<TokenSummary[]> {
  return connection.db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.author, author))
    .orderBy(desc(apiTokens.createdAt))
    .limit(200);
}

/** Revokes one of the author's own tokens; its name, or null when it is not theirs (or already revoked). */
export async function revokeToken(
  connection: Pick<DatabaseConnection, "db">,
  author: string,
  id: string,
  now = new Date(),
): Promise<string | null> {
  const [revoked] = await connection.db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.author, author), isNull(apiTokens.revokedAt)))
    .returning({ name: apiTokens.name });
  return revoked?.name ?? null;
}

/** Whom a token acts for, when it is one of ours, unexpired and not revoked; its use is noted. */
export async function authorOfToken(connection: Pick<DatabaseConnection, "db">, token: string, now = new Date()): Promise<Author | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await connection.db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.tokenHash, hashOf(token)), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
    .returning({ id: apiTokens.author, name: apiTokens.authorName });
  return row ?? null;
}

/** The token in an `Authorization: Bearer pgt_…` header, if that is what it holds. */
export function bearerToken(headers: Pick<Headers, "get">): string | null {
  const value = headers.get("authorization")?.trim() ?? "";
  const match = /^Bearer\s+(pgt_\S{1,100})$/i.exec(value);
  return match?.[1] ?? null;
}
