import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { DATABASE_TARGETS, openTestDatabase } from "@/test-support/database-targets";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { rowsOf } from "@/lib/server/database/result-rows";
import { spendOf } from "./budget-store";
import { flushSpendingWrites, writeSpending } from "./spending-writer";

const NOON = new Date("2026-11-25T12:00:00Z");
const NEXT_DAY = new Date("2026-11-26T09:00:00Z");
const ada = { id: "ada", name: "Ada" };
const grace = { id: "grace", name: "Grace" };

describe.each(DATABASE_TARGETS)("spending written a group at a time on %s", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
  });
  afterAll(() => connection.close());

  const entries = async (requestIds: string[]) =>
    rowsOf(
      await connection.db.execute(sql`SELECT request_id, author, images, at FROM audit_log
        WHERE request_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(requestIds)}::jsonb))) ORDER BY id`),
    );

  it("writes what arrives together in two statements: spends summed per person and period, every entry in its order with its own time", async () => {
    const inserts = vi.spyOn(connection.db, "insert");
    const handedIn = new Date();
    const writes = [
      writeSpending(connection, {
        spend: { author: "ada", spend: { images: 2, costMicros: 20_000 }, at: NOON },
        audit: { action: "generate", author: ada, images: 2, requestId: "group-1" },
      }),
      writeSpending(connection, {
        spend: { author: "ada", spend: { images: 1, costMicros: 10_000 }, at: NOON },
        audit: { action: "generate", author: ada, images: 1, requestId: "group-2" },
      }),
      writeSpending(connection, {
        spend: { author: "ada", spend: { images: 4, costMicros: 40_000 }, at: NEXT_DAY },
        audit: { action: "generate", author: ada, images: 4, requestId: "group-3" },
      }),
      writeSpending(connection, {
        spend: { author: "grace", spend: { images: 0, costMicros: 0 }, at: NOON },
        audit: { action: "generate", author: grace, status: 500, images: 0, requestId: "group-4" },
      }),
      // Settled against a reservation already: only its entry is written.
      writeSpending(connection, { spend: null, audit: { action: "generate", author: grace, images: 1, requestId: "group-5" } }),
    ];
    // Nothing is written before the group's time is up.
    expect(await entries(["group-1"])).toEqual([]);
    await Promise.all(writes);
    expect(inserts).toHaveBeenCalledTimes(2);
    inserts.mockRestore();

    expect(await spendOf(connection, "ada", NOON)).toEqual({
      today: { images: 3, costMicros: 30_000 },
      month: { images: 7, costMicros: 70_000 },
    });
    expect(await spendOf(connection, "ada", NEXT_DAY)).toEqual({
      today: { images: 4, costMicros: 40_000 },
      month: { images: 7, costMicros: 70_000 },
    });
    expect(await spendOf(connection, "grace", NOON)).toEqual({ today: { images: 0, costMicros: 0 }, month: { images: 0, costMicros: 0 } });

    const written = await entries(["group-1", "group-2", "group-3", "group-4", "group-5"]);
    expect(written.map((row) => [row.request_id, row.author, Number(row.images)])).toEqual([
      ["group-1", "ada", 2],
      ["group-2", "ada", 1],
      ["group-3", "ada", 4],
      ["group-4", "grace", 0],
      ["group-5", "grace", 1],
    ]);
    // The moment each was handed in, not the moment the group was written.
    for (const row of written) expect(Math.abs(new Date(String(row.at)).getTime() - handedIn.getTime())).toBeLessThan(40);
  });

  it("writes a group at once when asked (a stopping server), and a failed group rejects each of its writes", async () => {
    const written = writeSpending(connection, { spend: null, audit: { action: "generate", author: ada, requestId: "flushed" } });
    await flushSpendingWrites();
    expect((await entries(["flushed"])).length).toBe(1);
    await written;

    const failing = vi.spyOn(connection.db, "insert").mockImplementation(() => {
      throw new Error("the database went away");
    });
    const first = writeSpending(connection, { spend: null, audit: { action: "generate", author: ada, requestId: "lost-1" } });
    const second = writeSpending(connection, { spend: null, audit: { action: "generate", author: ada, requestId: "lost-2" } });
    await expect(first).rejects.toThrow("the database went away");
    await expect(second).rejects.toThrow("the database went away");
    failing.mockRestore();
  });
});
