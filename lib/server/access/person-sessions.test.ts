import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_TARGETS, openTestDatabase } from "@/test-support/database-targets";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { endAllSessions, endSession, personOfToken, purgeExpiredSessions, savePerson, startSession } from "./person-sessions";

const ada = { id: "sub-ada", email: "ada@example.com", name: "Ada", role: "admin" as const };
const bob = { id: "sub-bob", email: "bob@example.com", name: "Bob", role: "member" as const };
const NOW = new Date("2026-11-25T12:00:00Z");
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

describe.each(DATABASE_TARGETS)("people's sessions on %s", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
    await savePerson(connection, ada, NOW);
    await savePerson(connection, bob, NOW);
  });
  afterAll(() => connection.close());

  it("finds the person of a session until it expires, then no longer (back to sign in)", async () => {
    const session = await startSession(connection, ada.id, 12, NOW);
    expect(session.maxAgeSeconds).toBe(43_200);
    expect(await personOfToken(connection, session.token, later(11))).toEqual(ada);
    expect(await personOfToken(connection, session.token, later(12))).toBeNull();
    expect(await purgeExpiredSessions(connection, later(13))).toBeGreaterThanOrEqual(1);
  });

  it("keeps only a hash: a token that is not the cookie's, or not ours at all, finds nobody", async () => {
    const session = await startSession(connection, bob.id, 12, NOW);
    expect(await personOfToken(connection, `${session.token.slice(0, -1)}${session.token.endsWith("A") ? "B" : "A"}`, NOW)).toBeNull();
    expect(await personOfToken(connection, "not a token", NOW)).toBeNull();
  });

  it("signing out ends one session; everywhere ends them all, and only that person's", async () => {
    const laptop = await startSession(connection, ada.id, 12, NOW);
    const phone = await startSession(connection, ada.id, 12, NOW);
    const bobs = await startSession(connection, bob.id, 12, NOW);
    expect(await endSession(connection, laptop.token)).toEqual(ada);
    expect(await personOfToken(connection, laptop.token, NOW)).toBeNull();
    expect(await personOfToken(connection, phone.token, NOW)).toEqual(ada);
    expect(await endAllSessions(connection, ada.id)).toBeGreaterThanOrEqual(1);
    expect(await personOfToken(connection, phone.token, NOW)).toBeNull();
    expect(await personOfToken(connection, bobs.token, NOW)).toEqual(bob);
  });

  it("a new sign-in updates the name and role the provider gives", async () => {
    await savePerson(connection, { ...bob, name: "Robert", role: "admin" }, later(1));
    const session = await startSession(connection, bob.id, 1, later(1));
    expect(await personOfToken(connection, session.token, later(1))).toEqual({ ...bob, name: "Robert", role: "admin" });
  });
});
