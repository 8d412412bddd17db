import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_TARGETS, openTestDatabase } from "@/test-support/database-targets";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { appendAudit, purgeAudit } from "./audit-log";
import { auditCsv, usageLinesCsv } from "./usage-csv";
import { auditPage, dailyUsage, usageByModel, usageByPerson } from "./usage-report";
import { daysOf, usageDayRange } from "./usage-range";

const ada = { id: "ada", name: "Ada" };
const grace = { id: "grace", name: "Grace" };
const at = (text: string) => new Date(`${text}Z`);

describe("usage ranges", () => {
  const now = new Date("2026-11-25T15:00:00Z");
  it("defaults to this month so far, both ends included", () => {
    const range = usageDayRange({}, now);
    expect(range).toMatchObject({ from: "2026-11-01", to: "2026-11-25", problem: null });
    expect(range.end.toISOString()).toBe("2026-11-26T00:00:00.000Z");
    expect(daysOf(range)).toHaveLength(25);
  });
  it("says why it fell back, for unreadable, impossible and reversed dates", () => {
    expect(usageDayRange({ from: "2026-02-30" }, now).problem).toContain("YYYY-MM-DD");
    expect(usageDayRange({ from: "yesterday" }, now).problem).toContain("YYYY-MM-DD");
    expect(usageDayRange({ from: "2026-11-20", to: "2026-11-10" }, now)).toMatchObject({
      from: "2026-11-01",
      problem: expect.stringContaining("before its start"),
    });
    expect(usageDayRange({ from: "2020-01-01", to: "2026-11-25" }, now).problem).toContain("at most 800 days");
  });
});

describe("usage CSV", () => {
  it("quotes what needs quoting and defuses cells a spreadsheet would run as formulas", () => {
    const csv = usageLinesCsv("person", [
      { key: "x", name: '=HYPERLINK("evil"), Bob', requests: 1, images: 2, failures: 0, costMicros: 40_000, currency: "USD" },
    ]);
    expect(csv).toBe('person,requests,images,failures,estimated_cost,currency\r\n"\'=HYPERLINK(""evil""), Bob (x)",1,2,0,0.0400,USD\r\n');
  });
});

describe.each(DATABASE_TARGETS)("usage report on %s", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
    const generate = (author: typeof ada, when: string, model: string, status: number, images: number, costMicros?: number) =>
      appendAudit(connection, {
        action: "generate",
        author,
        at: at(when),
        model,
        aspectRatio: "1:1",
        status,
        images,
        ...(costMicros !== undefined ? { costMicros, currency: "USD" } : {}),
      });
    // In the order they happen: the log is append-only, so its ids follow time.
    await generate(grace, "2026-10-31T12:00:00", "m-a", 200, 9, 360_000);
    await generate(ada, "2026-11-02T09:00:00", "m-a", 200, 2, 80_000);
    await generate(ada, "2026-11-02T23:59:59", "m-b", 400, 0);
    await generate(ada, "2026-11-03T00:00:00", "m-a", 200, 1, 40_000);
    await generate(grace, "2026-11-03T12:00:00", "m-a", 200, 4, 160_000);
    await appendAudit(connection, {
      action: "budget-change",
      author: ada,
      at: at("2026-11-04T08:00:00"),
      detail: "Grace (grace): configured caps → images/day 3",
    });
  });
  afterAll(() => connection.close());

  const november = { from: at("2026-11-01T00:00:00"), to: at("2026-12-01T00:00:00"), author: null };

  it("sums generations by person and by model within the range only", async () => {
    expect(await usageByPerson(connection, november)).toEqual([
      { key: "ada", name: "Ada", requests: 3, images: 3, failures: 1, costMicros: 120_000, currency: "USD" },
      { key: "grace", name: "Grace", requests: 1, images: 4, failures: 0, costMicros: 160_000, currency: "USD" },
    ]);
    expect(await usageByModel(connection, november)).toEqual([
      { key: "m-a", name: "m-a", requests: 3, images: 7, failures: 0, costMicros: 280_000, currency: "USD" },
      { key: "m-b", name: "m-b", requests: 1, images: 0, failures: 1, costMicros: 0, currency: null },
    ]);
  });

  it("narrows to one person (what a member sees)", async () => {
    const lines = await usageByPerson(connection, { ...november, author: "grace" });
    expect(lines.map((line) => line.key)).toEqual(["grace"]);
  });

  it("splits days at midnight UTC", async () => {
    expect(await dailyUsage(connection, november)).toEqual([
      { day: "2026-11-02", model: "m-a", images: 2, costMicros: 80_000 },
      { day: "2026-11-02", model: "m-b", images: 0, costMicros: 0 },
      { day: "2026-11-03", model: "m-a", images: 5, costMicros: 200_000 },
    ]);
  });

  it("pages the log newest first, by action and person, and exports it", async () => {
    const filter = { from: at("2026-10-01T00:00:00"), to: at("2026-12-01T00:00:00"), author: null, action: null };
    const first = await auditPage(connection, filter, { before: null, size: 4 });
    expect(first.rows.map((row) => row.at.toISOString().slice(0, 13))).toEqual([
      "2026-11-04T08",
      "2026-11-03T12",
      "2026-11-03T00",
      "2026-11-02T23",
    ]);
    const second = await auditPage(connection, filter, { before: first.next, size: 4 });
    expect(second.rows).toHaveLength(2);
    expect(second.next).toBeNull();
    const changes = await auditPage(connection, { ...filter, action: "budget-change" }, { before: null, size: 10 });
    expect(changes.rows.map((row) => row.detail)).toEqual(["Grace (grace): configured caps → images/day 3"]);
    const csv = auditCsv((await auditPage(connection, { ...filter, author: "grace" }, { before: null, size: 10 })).rows);
    expect(csv.split("\r\n")[1]).toBe("2026-11-03T12:00:00.000Z,generate,Grace,grace,m-a,1:1,200,4,0.1600,USD,,,");
  });

  it("purges entries older than the retention, and only those", async () => {
    expect(await purgeAudit(connection, 30, at("2026-12-01T00:00:00"))).toBe(1);
    expect(
      (await usageByPerson(connection, { ...november, from: at("2026-10-01T00:00:00") })).find((line) => line.key === "grace")?.images,
    ).toBe(4);
  });
});
