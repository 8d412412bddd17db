import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDataFolder } from "@/test-support/database-targets";
import { EMBEDDED_DATABASE_FOLDER } from "./data-folder-layout";
import { EmbeddedClient } from "./embedded-client";
import { urgently } from "./urgent-statements";

/** The query builder's options for every query: these types kept as text (see embedded-client.ts). */
const keepText = (text: string) => text;
const BUILDER_OPTIONS = {
  rowMode: "object" as const,
  parsers: {
    1114: keepText,
    1184: keepText,
    1186: keepText,
    1082: keepText,
    1231: keepText,
    1115: keepText,
    1185: keepText,
    1187: keepText,
    1182: keepText,
  },
};

/** A statement that keeps the database busy for some milliseconds. */
const SLOW = "SELECT count(*) AS n FROM generate_series(1, 400000)";

describe("the embedded database on its own thread", () => {
  let dir: string;
  let client: EmbeddedClient;

  // One database for the file, a copy of the run's (making one takes seconds).
  beforeAll(async () => {
    dir = freshDataFolder("embedded-client-");
    client = new EmbeddedClient(join(dir, EMBEDDED_DATABASE_FOLDER));
    await client.exec("CREATE TABLE t (id integer PRIMARY KEY, at timestamptz NOT NULL, ats timestamptz[] NOT NULL)");
  });

  beforeEach(async () => {
    await client.exec("TRUNCATE t");
  });

  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads the types a call keeps as text as text, and the others as PGlite does", async () => {
    // (PGlite's own reading of an interval is its text: dates are what tell the two apart.)
    await client.query("INSERT INTO t VALUES (1, '2026-01-02 03:04:05.678901+00', ARRAY['2026-01-02 03:04:05+00'::timestamptz])");
    const select = "SELECT at, ats, '1 day'::interval AS span FROM t";

    const builder = await client.query<Record<string, unknown>>(select, [], BUILDER_OPTIONS);
    expect(builder.rows[0]).toEqual({ at: "2026-01-02 03:04:05.678901+00", ats: '{"2026-01-02 03:04:05+00"}', span: "1 day" });

    // The queue and the migrations name no types: dates, arrays of dates and intervals as PGlite reads them.
    const [plain] = (await client.query<{ at: unknown; ats: unknown; span: unknown }>(select)).rows;
    if (!plain) throw new Error("no row");
    expect(plain.at).toBeInstanceOf(Date);
    expect((plain.at as Date).toISOString()).toBe("2026-01-02T03:04:05.678Z");
    expect(Array.isArray(plain.ats) && plain.ats[0] instanceof Date).toBe(true);
    const executed = (await client.exec(select)).at(-1)?.rows[0];
    expect(executed?.at).toBeInstanceOf(Date);

    // A call naming only some of them gets exactly those as text.
    const [some] = (await client.query<Record<string, unknown>>(select, [], { parsers: { 1184: keepText } })).rows;
    expect(some?.at).toBe("2026-01-02 03:04:05.678901+00");
    expect(Array.isArray(some?.ats) && some.ats[0] instanceof Date).toBe(true);
  });

  it("refuses a parser that changes the text: functions cannot cross to the database's thread", async () => {
    await expect(client.query("SELECT now()", [], { parsers: { 1184: (text) => new Date(text) } })).rejects.toThrow(
      /only keep type 1184 as text/,
    );
  });

  it("commits a transaction whose work returns and rolls back one whose work throws", async () => {
    await client.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (1, now(), '{}')");
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (2, now(), '{}')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await client.query<{ id: number }>("SELECT id FROM t ORDER BY id")).rows).toEqual([{ id: 1 }]);
  });

  it("lets a statement sent during a transaction wait for its end", async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (1, now(), '{}')");
      inserted();
      await tx.query(SLOW);
    });
    await insertedYet;
    // Sent while the transaction is open: it sees the transaction's row, committed.
    const counted = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM t");
    await transaction;
    expect(counted.rows).toEqual([{ n: 1 }]);
  });

  it("keeps a database error's fields (code, constraint), as if thrown on this thread", async () => {
    await client.query("INSERT INTO t VALUES (1, now(), '{}')");
    const error = await client.query("INSERT INTO t VALUES (1, now(), '{}')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "t_pkey", message: expect.stringMatching(/duplicate key/) });
  });

  it("runs an urgent statement before the others waiting", async () => {
    const order: string[] = [];
    const track = (name: string, promise: Promise<unknown>) => promise.then(() => order.push(name));
    // A transaction holds the database while the others are put in line.
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = track(
      "transaction",
      client.transaction(async (tx) => {
        await tx.query("SELECT 1");
        holding();
        await finished;
      }),
    );
    await held;
    const waiting = [
      track("waiting 1", client.query(SLOW)),
      track("waiting 2", client.query(SLOW)),
      track(
        "urgent",
        urgently(() => client.query("SELECT 1")),
      ),
    ];
    finish();
    await Promise.all([transaction, ...waiting]);
    expect(order).toEqual(["transaction", "urgent", "waiting 1", "waiting 2"]);
  });

  it("fails every later call plainly once closed, and its files open again", async () => {
    await client.query("INSERT INTO t VALUES (1, now(), '{}')");
    await client.close();
    await expect(client.query("SELECT 1")).rejects.toThrow("The embedded database is closed.");
    client = new EmbeddedClient(join(dir, "database"));
    expect((await client.query<{ n: number }>("SELECT count(*)::int AS n FROM t")).rows).toEqual([{ n: 1 }]);
  });
});
