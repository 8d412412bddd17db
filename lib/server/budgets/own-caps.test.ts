import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DATABASE_TARGETS, openTestDatabase } from "@/test-support/database-targets";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { budgetOverrides } from "@/lib/server/database/schema";
import { setOverride } from "./budget-overrides";
import { forgetOwnCaps, hasOwnCaps, OWN_CAPS_FRESH_MS } from "./own-caps";

const ADMIN = { id: "admin", name: "Admin" };
const NO_CAPS = { imagesPerDay: null, imagesPerMonth: null, costMicrosPerMonth: null };

describe.each(DATABASE_TARGETS)("who has caps of their own, on %s", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
  });
  afterAll(() => connection.close());

  it("reads the overrides once while fresh, and again after a change here or once stale", async () => {
    const reads = vi.spyOn(connection.db, "select");
    const start = Date.now();
    expect(await hasOwnCaps(connection, "ada", start)).toBe(false);
    expect(await hasOwnCaps(connection, "grace", start + 10)).toBe(false);
    expect(reads).toHaveBeenCalledTimes(1);

    // Set through this instance: known at once.
    await setOverride(connection, { id: "ada", name: "Ada" }, { ...NO_CAPS, imagesPerDay: 3 }, ADMIN);
    reads.mockClear();
    expect(await hasOwnCaps(connection, "ada", start + 20)).toBe(true);

    // Set by another instance (straight into the table): known once what was read is stale.
    await connection.db.insert(budgetOverrides).values({ author: "grace", imagesPerDay: 1, updatedBy: ADMIN.id, updatedAt: new Date() });
    expect(await hasOwnCaps(connection, "grace", start + 30)).toBe(false);
    expect(await hasOwnCaps(connection, "grace", start + 20 + OWN_CAPS_FRESH_MS + 1)).toBe(true);

    // Removed here: known at once.
    await setOverride(connection, { id: "ada", name: "Ada" }, NO_CAPS, ADMIN);
    expect(await hasOwnCaps(connection, "ada", start + 40 + OWN_CAPS_FRESH_MS)).toBe(false);
    reads.mockRestore();
  });

  it("many generations at once share one read", async () => {
    forgetOwnCaps(connection);
    const reads = vi.spyOn(connection.db, "select");
    const answers = await Promise.all(Array.from({ length: 50 }, () => hasOwnCaps(connection, "grace")));
    expect(answers.every(Boolean)).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });
});
