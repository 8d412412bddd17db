import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseConnection } from "@/lib/server/database/connection";
import { rowsOf } from "@/lib/server/database/result-rows";
import { createTestDatabase, DATABASE_TARGETS, freshDataFolder } from "@/test-support/database-targets";
import { insertTestBatch, quickRows } from "@/test-support/batch-fixtures";
import { activeBatches, assignJobs, claimRow, finishRow, keepAnswer, keepAnswerAndClaim, recoverRows } from "./batch-rows-store";

/**
 * A row whose answer has arrived is kept with it on the row: from then it no longer counts against
 * its batch's concurrency (its run is being recorded; nothing more is sent for it), and if its
 * server stops before the record, it is claimed again to be recorded from that answer, not sent.
 */
describe.each(DATABASE_TARGETS)("a row's kept answer (%s)", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openDatabase(kind === "embedded" ? { dataDir: freshDataFolder() } : { url: await createTestDatabase() });
  });
  afterAll(async () => {
    await connection.close();
  });

  const LEASE_MS = 60_000;
  const jobOf = (position: number, round: number) => `00000000-0000-4000-8000-${String(round * 100 + position).padStart(12, "0")}`;
  /** Gives a row a job (as upkeep does): its key. */
  const assign = async (position: number, round: number, batchId = "kept") => {
    const jobId = jobOf(position, round);
    expect(await assignJobs(connection, [{ batchId, position, jobId }])).toEqual([position]);
    return { batchId, position, jobId };
  };
  /** Gives a row a job and claims it with that job (as the runner does). */
  const claim = async (position: number, round: number, batchId = "kept") => {
    const key = await assign(position, round, batchId);
    return { key, claim: await claimRow(connection, key, LEASE_MS) };
  };
  const makeBatch = (id: string, rows: number) => insertTestBatch(connection, { id, rows: quickRows("row", rows), concurrency: 1 });
  const sendingIn = async (batchId: string) => (await activeBatches(connection)).find((batch) => batch.id === batchId)?.sending;

  it("frees the row's place at the service, and after a stop is recorded from it with no new attempt", { timeout: 60_000 }, async () => {
    await makeBatch("kept", 2);
    const first = await claim(0, 1);
    expect(first.claim.kind).toBe("send");
    // At its concurrency (1): the second row waits while the first is at the service.
    expect((await claim(1, 1)).claim.kind).toBe("later");

    const bytes = new TextEncoder().encode('{"data":[{"b64_json":"…"}]}');
    // A NUL (which jsonb cannot hold) in the service's words is kept as U+FFFD.
    const meta = {
      outcome: { kind: "service", exchange: { status: 200, statusText: "O\u0000K" } },
      note: "the answer as the runner keeps it",
    };
    const keptMeta = { ...meta, outcome: { kind: "service", exchange: { status: 200, statusText: "O\uFFFDK" } } };
    expect(await keepAnswer(connection, first.key, 200, { meta, bytes })).toBe(true);
    expect(await sendingIn("kept")).toBe(0);
    const second = await claim(1, 2);
    expect(second.claim.kind).toBe("send");
    expect(await sendingIn("kept")).toBe(1);

    // The server stops: the answered row goes back in line with its answer, the other with its attempt unknown.
    expect(await recoverRows(connection, true)).toBe(2);
    const again = await claim(0, 3);
    expect(again.claim).toMatchObject({ kind: "record", attempt: 1, answer: { meta: keptMeta } });
    if (again.claim.kind !== "record") throw new Error("not a record");
    expect(new TextDecoder().decode(again.claim.answer.bytes ?? new Uint8Array())).toBe(new TextDecoder().decode(bytes));
    // Recorded whatever the concurrency: it sends nothing.
    expect((await claim(1, 3)).claim).toMatchObject({ kind: "send", unknownAttempts: 1, attempt: 2 });

    const end = { state: "done", status: 200, problem: null, answerText: null, runId: null, images: 1, costMicros: 0 } as const;
    expect((await finishRow(connection, again.key, end)).counted).toBe(true);
    const rows = rowsOf(
      await connection.db.execute(
        sql`SELECT position, attempts, answer, answer_bytes FROM batch_rows WHERE batch_id = 'kept' ORDER BY position`,
      ),
    );
    const outcomes = (value: unknown) =>
      ((typeof value === "string" ? JSON.parse(value) : value) as { outcome: string }[]).map((attempt) => attempt.outcome);
    expect(outcomes(rows[0]?.attempts)).toEqual(["answered"]);
    expect(rows[0]).toMatchObject({ answer: null, answer_bytes: null });
    expect(outcomes(rows[1]?.attempts)).toEqual(["unknown", "pending"]);
  });

  it("keeps an answer and claims the next row in one call, the next row taking the place given up", { timeout: 60_000 }, async () => {
    await makeBatch("handed", 3);
    const first = await claim(0, 1, "handed");
    expect(first.claim.kind).toBe("send");
    const meta = { outcome: { kind: "service", exchange: { status: 200 } } };
    const bytes = new TextEncoder().encode("{}");
    // At concurrency 1: claimed after the keep within the call, the next row is sent.
    const second = await assign(1, 1, "handed");
    const handed = await keepAnswerAndClaim(connection, first.key, 200, { meta, bytes }, second, LEASE_MS);
    expect(handed).toMatchObject({ kept: true, claim: { kind: "send", attempt: 1, unknownAttempts: 0 } });
    expect(await sendingIn("handed")).toBe(1);

    // A job that no longer holds its row keeps nothing, and gives up no place: the next row waits.
    const third = await assign(2, 1, "handed");
    const notHeld = { ...second, jobId: jobOf(1, 9) };
    expect(await keepAnswerAndClaim(connection, notHeld, 200, { meta, bytes }, third, LEASE_MS)).toEqual({
      kept: false,
      claim: { kind: "later" },
    });
    expect(await sendingIn("handed")).toBe(1);
    const rows = rowsOf(
      await connection.db.execute(sql`SELECT position, state, answer IS NOT NULL AS kept FROM batch_rows
      WHERE batch_id = 'handed' ORDER BY position`),
    );
    expect(rows).toEqual([
      { position: 0, state: "sending", kept: true },
      { position: 1, state: "sending", kept: false },
      { position: 2, state: "waiting", kept: false },
    ]);
  });
});
