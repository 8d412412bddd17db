import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_TARGETS, openTestDatabase } from "@/test-support/database-targets";
import { openDatabase, type DatabaseConnection } from "@/lib/server/database/connection";
import { budgetOverrides } from "@/lib/server/database/schema";
import { addSpends, reserveBudget, settleBudget, spendOf, type BudgetCaps } from "./budget-store";
import { budgetPeriods } from "./budget-periods";

const NOON = new Date("2026-11-25T12:00:00Z");
const ONE = { images: 1, costMicros: 40_000 };
const caps = (overrides: Partial<BudgetCaps>): BudgetCaps => ({
  imagesPerDay: null,
  imagesPerMonth: null,
  costMicrosPerMonth: null,
  ...overrides,
});

describe("budget periods", () => {
  it("counts days and months in UTC and says when each renews", () => {
    const periods = budgetPeriods(new Date("2026-12-31T23:59:59Z"));
    expect(periods).toMatchObject({ day: "day:2026-12-31", month: "month:2026-12" });
    expect(periods.dayEnds.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(periods.monthEnds.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

describe.each(DATABASE_TARGETS)("budgets on %s", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
  });
  afterAll(() => connection.close());

  it("reserves up to the day's cap and refuses the next, saying which cap and when it renews", async () => {
    const limits = caps({ imagesPerDay: 3 });
    for (let i = 0; i < 3; i++) expect((await reserveBudget(connection, "ada", ONE, limits, NOON)).ok).toBe(true);
    const refused = await reserveBudget(connection, "ada", ONE, limits, NOON);
    expect(refused).toEqual({
      ok: false,
      refusal: { cap: "images-per-day", limit: 3, used: 3, renewsAt: new Date("2026-11-26T00:00:00Z") },
    });
    // Another author, and the next day, have budgets of their own.
    expect((await reserveBudget(connection, "grace", ONE, limits, NOON)).ok).toBe(true);
    expect((await reserveBudget(connection, "ada", ONE, limits, new Date("2026-11-26T00:00:01Z"))).ok).toBe(true);
  });

  it("adds an uncapped generation's spending to its day and month, and reservations count on from there", async () => {
    await addSpends(connection, [{ author: "ines", spend: { images: 2, costMicros: 30_000 }, at: NOON }]);
    await addSpends(connection, [{ author: "ines", spend: { images: 1, costMicros: 10_000 }, at: NOON }]);
    await addSpends(connection, [{ author: "ines", spend: { images: 0, costMicros: 0 }, at: NOON }]);
    expect(await spendOf(connection, "ines", NOON)).toEqual({
      today: { images: 3, costMicros: 40_000 },
      month: { images: 3, costMicros: 40_000 },
    });
    // Counted in the periods of when it was asked: the next day starts again, the month goes on.
    await addSpends(connection, [{ author: "ines", spend: { images: 1, costMicros: 0 }, at: new Date("2026-11-26T08:00:00Z") }]);
    expect((await spendOf(connection, "ines", new Date("2026-11-26T09:00:00Z"))).today.images).toBe(1);
    const refused = await reserveBudget(connection, "ines", ONE, caps({ imagesPerMonth: 4 }), NOON);
    expect(refused.ok === false && refused.refusal).toMatchObject({ cap: "images-per-month", used: 4 });
  });

  it("a request for several images that would pass the cap is refused whole", async () => {
    const limits = caps({ imagesPerMonth: 5 });
    expect((await reserveBudget(connection, "lin", { images: 4, costMicros: 0 }, limits, NOON)).ok).toBe(true);
    const refused = await reserveBudget(connection, "lin", { images: 2, costMicros: 0 }, limits, NOON);
    expect(refused.ok === false && refused.refusal).toMatchObject({ cap: "images-per-month", limit: 5, used: 4 });
    expect((await spendOf(connection, "lin", NOON)).month.images).toBe(4);
  });

  it("a refusal by the month's cap leaves the day's count as it was", async () => {
    const limits = caps({ imagesPerDay: 100, costMicrosPerMonth: 100_000 });
    expect((await reserveBudget(connection, "kim", { images: 2, costMicros: 80_000 }, limits, NOON)).ok).toBe(true);
    const refused = await reserveBudget(connection, "kim", { images: 1, costMicros: 40_000 }, limits, NOON);
    expect(refused.ok === false && refused.refusal).toMatchObject({ cap: "cost-per-month", limit: 100_000, used: 80_000 });
    expect(await spendOf(connection, "kim", NOON)).toEqual({
      today: { images: 2, costMicros: 80_000 },
      month: { images: 2, costMicros: 80_000 },
    });
  });

  it("settles with what the service made, and releases to nothing when it failed", async () => {
    const limits = caps({ imagesPerDay: 10 });
    const asked = await reserveBudget(connection, "sam", { images: 4, costMicros: 160_000 }, limits, NOON);
    if (!asked.ok) throw new Error("refused");
    await settleBudget(connection, asked.reservation, { images: 2, costMicros: 80_000 });
    const failed = await reserveBudget(connection, "sam", { images: 3, costMicros: 120_000 }, limits, NOON);
    if (!failed.ok) throw new Error("refused");
    await settleBudget(connection, failed.reservation, { images: 0, costMicros: 0 });
    expect(await spendOf(connection, "sam", NOON)).toEqual({
      today: { images: 2, costMicros: 80_000 },
      month: { images: 2, costMicros: 80_000 },
    });
  });

  it("an admin's override replaces the configured cap for that author only", async () => {
    await connection.db.insert(budgetOverrides).values({ author: "max", imagesPerDay: 1, updatedBy: "admin" });
    const limits = caps({ imagesPerDay: 50 });
    expect((await reserveBudget(connection, "max", ONE, limits, NOON)).ok).toBe(true);
    const refused = await reserveBudget(connection, "max", ONE, limits, NOON);
    expect(refused.ok === false && refused.refusal.limit).toBe(1);
    expect((await reserveBudget(connection, "noa", ONE, limits, NOON)).ok).toBe(true);
  });

  it("an override that sets one cap leaves the other configured caps in force", async () => {
    await connection.db.insert(budgetOverrides).values({ author: "ivy", imagesPerDay: 100, updatedBy: "admin" });
    const limits = caps({ imagesPerDay: 1, imagesPerMonth: 2 });
    expect((await reserveBudget(connection, "ivy", ONE, limits, NOON)).ok).toBe(true);
    expect((await reserveBudget(connection, "ivy", ONE, limits, NOON)).ok).toBe(true);
    const refused = await reserveBudget(connection, "ivy", ONE, limits, NOON);
    expect(refused.ok === false && refused.refusal).toMatchObject({ cap: "images-per-month", limit: 2, used: 2 });
  });

  it("reservations and settlements of one author running at once neither deadlock nor lose a count", async () => {
    const limits = caps({ imagesPerDay: 1_000 });
    const second = kind === "postgres" ? await openDatabase({ url: await urlOf(connection) }) : connection;
    try {
      // Each reserves 2 and settles 1: 40 of them leave 40 images, whatever the interleaving.
      await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const reserved = await reserveBudget(i % 2 === 0 ? connection : second, "busy", { images: 2, costMicros: 0 }, limits, NOON);
          if (!reserved.ok) throw new Error("refused");
          await settleBudget(i % 2 === 0 ? second : connection, reserved.reservation, { images: 1, costMicros: 0 });
        }),
      );
      expect(await spendOf(connection, "busy", NOON)).toEqual({
        today: { images: 40, costMicros: 0 },
        month: { images: 40, costMicros: 0 },
      });
    } finally {
      if (second !== connection) await second.close();
    }
  });

  it("100 reservations at once against 10 images left: exactly 10 pass", async () => {
    const limits = caps({ imagesPerDay: 10 });
    // On PostgreSQL, two instances: two connection pools on one server, taking turns.
    const second = kind === "postgres" ? await openDatabase({ url: await urlOf(connection) }) : connection;
    try {
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => reserveBudget(i % 2 === 0 ? connection : second, "crowd", ONE, limits, NOON)),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(10);
      expect((await spendOf(connection, "crowd", NOON)).today.images).toBe(10);
    } finally {
      if (second !== connection) await second.close();
    }
  });
});

/** The URL a PostgreSQL test connection was opened on (its pool keeps it). */
async function urlOf(connection: DatabaseConnection): Promise<string> {
  const url = connection.pool?.options.connectionString;
  if (!url) throw new Error("The PostgreSQL test connection has no URL.");
  return url;
}
