import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@/lib/server/database/connection";
import { reserveBudget, settleBudget } from "@/lib/server/budgets/budget-store";

/**
 * What a budget reservation adds to a generation: one reserveBudget (the transaction a generation
 * waits for before the service is called) on a warm connection, timed 500 times; settling runs
 * after the answer has left and is timed apart. Run in a process of its own with the react-server
 * condition (the server modules refuse other importers): `node --conditions=react-server --import tsx`.
 * Prints { reserve: [ms…], settle: [ms…] } as JSON. Argument: a PostgreSQL URL, or none for PGlite.
 */

const RUNS = 500;
const url = process.argv[2];
const dataDir = url ? null : mkdtempSync(join(tmpdir(), "playground-bench-budget-"));
const connection = await openDatabase(url ? { url } : { dataDir: dataDir ?? "" });
const caps = { imagesPerDay: 1_000_000, imagesPerMonth: 10_000_000, costMicrosPerMonth: 1_000_000_000_000 };
const reserve: number[] = [];
const settle: number[] = [];
try {
  for (let run = 0; run < RUNS + 20; run++) {
    // Several authors, as on a team's server: rows are created as well as updated.
    const author = `author-${run % 20}`;
    const started = performance.now();
    const reserved = await reserveBudget(connection, author, { images: 1, costMicros: 40_000 }, caps);
    const reservedAt = performance.now();
    if (!reserved.ok) throw new Error("refused");
    await settleBudget(connection, reserved.reservation, { images: 2, costMicros: 80_000 });
    // The first 20 warm the connection and the query plans.
    if (run >= 20) {
      reserve.push(reservedAt - started);
      settle.push(performance.now() - reservedAt);
    }
  }
} finally {
  await connection.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ reserve, settle }));
