import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_TARGETS, openTestDatabase } from "@/test-support/database-targets";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { eq } from "drizzle-orm";
import { apiTokens } from "@/lib/server/database/schema";
import { authorOfToken, bearerToken, createToken, revokeToken, tokensOf } from "./api-tokens";

const ada = { id: "sub-ada", name: "Ada Lovelace" };
const bob = { id: "sub-bob", name: "Bob Marley" };
const NOW = new Date("2026-11-26T12:00:00Z");
const daysLater = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

describe.each(DATABASE_TARGETS)("personal API tokens on %s", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
  });
  afterAll(() => connection.close());

  it("a token acts for its maker until it expires, and its use is noted", async () => {
    const made = await createToken(connection, ada, "nightly eval", 7, NOW);
    expect(made.token).toMatch(/^pgt_[\w-]{43}$/);
    expect(await authorOfToken(connection, made.token, daysLater(1))).toEqual(ada);
    const [listed] = await tokensOf(connection, ada.id);
    expect(listed).toMatchObject({ id: made.summary.id, name: "nightly eval", lastUsedAt: daysLater(1), revokedAt: null });
    expect(await authorOfToken(connection, made.token, daysLater(7))).toBeNull();
  });

  it("keeps only a hash of the token: the table's copy, or a token one letter off, unlocks nothing", async () => {
    const made = await createToken(connection, bob, "ci", 30, NOW);
    const [row] = await connection.db.select().from(apiTokens).where(eq(apiTokens.id, made.summary.id));
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4));
    expect(await authorOfToken(connection, row?.tokenHash ?? "", NOW)).toBeNull();
    const oneOff = `${made.token.slice(0, -1)}${made.token.endsWith("A") ? "B" : "A"}`;
    expect(await authorOfToken(connection, oneOff, NOW)).toBeNull();
    expect(await authorOfToken(connection, made.token, NOW)).toEqual(bob);
  });

  it("only its maker can revoke a token; once revoked it acts for nobody", async () => {
    const made = await createToken(connection, ada, "notebook", 90, NOW);
    expect(await revokeToken(connection, bob.id, made.summary.id, NOW)).toBeNull();
    expect(await authorOfToken(connection, made.token, NOW)).toEqual(ada);
    expect(await revokeToken(connection, ada.id, made.summary.id, NOW)).toBe("notebook");
    expect(await revokeToken(connection, ada.id, made.summary.id, NOW)).toBeNull();
    expect(await authorOfToken(connection, made.token, NOW)).toBeNull();
    expect((await tokensOf(connection, ada.id)).find((token) => token.id === made.summary.id)?.revokedAt).toEqual(NOW);
  });

  it("lists each person's own tokens only", async () => {
    expect((await tokensOf(connection, bob.id)).map((token) => token.name)).toEqual(["ci"]);
  });
});

describe("the bearer header", () => {
  it("reads a playground token and nothing else", () => {
    const headers = (value: string) => new Headers({ authorization: value });
    expect(bearerToken(headers("Bearer pgt_abc"))).toBe("pgt_abc");
    expect(bearerToken(headers("bearer   pgt_abc  "))).toBe("pgt_abc");
    expect(bearerToken(headers("Bearer sk-live-123"))).toBeNull();
    expect(bearerToken(headers("Basic pgt_abc"))).toBeNull();
    expect(bearerToken(new Headers())).toBeNull();
  });
});
