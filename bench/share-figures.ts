import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { startPostgres } from "../test-support/postgres-server";
import type { FakeProcess } from "./child-processes";
import { launchBrowser } from "./measure-browser";
import {
  createGridShare,
  notFoundPageLongestTask,
  seedShares,
  shareClickToLink,
  sharedGridOpen,
  shareOpenServerTime,
  SHARE_OPEN_WARM_UP,
} from "./measure-shares";
import { startNext, type RunningNext } from "./next-server";
import type { Summary } from "./stats";

/** One figure of the share library, in the shape the bench's table takes. */
export type ShareRow = { key: string; what: string; value: Summary | number; unit: string; target?: { op: "<=" | ">="; value: number } };

const LIBRARY_SIZE = 10_000;

/** Waits until the server has opened (and migrated) its share library. */
async function libraryOpen(server: RunningNext): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.output().includes("shared runs are kept")) return;
    if (server.output().includes("sharing is unavailable")) throw new Error(`The share library did not open:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The share library did not open within 30 s.");
}

export async function shareFigures(fake: FakeProcess, key: string, serverEnv: Record<string, string>): Promise<ShareRow[]> {
  const rows: ShareRow[] = [];
  const folders: string[] = [];
  const dataDir = () => {
    const folder = mkdtempSync(join(tmpdir(), "playground-bench-data-"));
    folders.push(folder);
    return folder;
  };
  const browser = await launchBrowser();
  try {
    const next = await startNext({ ...serverEnv, IMAGE_API_BASE_URL: fake.url, IMAGE_API_KEY: key, PLAYGROUND_DATA_DIR: dataDir() });
    try {
      await libraryOpen(next);
      rows.push({
        key: "share_click_to_link_ms_4x4mb",
        what: "Share on a run of four 4 MB images → Shared link shown (Chromium, embedded database)",
        value: await shareClickToLink(browser, next.url, "bench-4x4mb", 5),
        unit: "ms",
        target: { op: "<=", value: 1000 },
      });
      const gridUrl = await createGridShare(next.url, 64);
      const grid = await sharedGridOpen(browser, gridUrl, 5);
      rows.push({
        key: "shared_grid_first_image_ms_64",
        what: "shared 64-cell grid (256 KB images), fresh browser: navigation → first image painted",
        value: grid.firstImage,
        unit: "ms",
        target: { op: "<=", value: 1000 },
      });
      rows.push({
        key: "shared_grid_longest_task_ms_64",
        what: "longest main-thread task while that grid opens",
        value: grid.longestTask,
        unit: "ms",
        target: { op: "<=", value: 100 },
      });
      rows.push({
        key: "not_found_page_longest_task_ms",
        what: "for comparison: longest main-thread task opening the 404 page (almost no script of ours), fresh browser",
        value: await notFoundPageLongestTask(browser, next.url, 5),
        unit: "ms",
      });
    } finally {
      await next.stop();
    }

    // 10,000 shares in the embedded database: migrated by a first start, seeded while no server holds the folder.
    const folder = dataDir();
    const migrating = await startNext({ ...serverEnv, PLAYGROUND_DATA_DIR: folder });
    await libraryOpen(migrating);
    await migrating.stop();
    const embedded = await PGlite.create(join(folder, "database"));
    const embeddedIds = await seedShares((text, params) => embedded.query(text, params), LIBRARY_SIZE);
    await embedded.close();
    const onEmbedded = await startNext({ ...serverEnv, PLAYGROUND_DATA_DIR: folder });
    try {
      await libraryOpen(onEmbedded);
      const time = await shareOpenServerTime(onEmbedded.url, embeddedIds, 200);
      rows.push({
        key: "share_open_ms_p50_10k_embedded",
        what: `GET /s/<id> (whole page) with ${LIBRARY_SIZE.toLocaleString("en")} shares stored, embedded database, p50 after ${SHARE_OPEN_WARM_UP} pages (p95 ${time.p95.toFixed(1)} ms; the first 200 after start: p50 ${time.coldP50.toFixed(1)} ms)`,
        value: time.p50,
        unit: "ms",
        target: { op: "<=", value: 20 },
      });
    } finally {
      await onEmbedded.stop();
    }

    const postgres = await startPostgres();
    try {
      const onPostgres = await startNext({ ...serverEnv, DATABASE_URL: postgres.url });
      try {
        await libraryOpen(onPostgres);
        const client = new pg.Client(postgres.url);
        await client.connect();
        const ids = await seedShares((text, params) => client.query(text, params), LIBRARY_SIZE);
        await client.end();
        const time = await shareOpenServerTime(onPostgres.url, ids, 200);
        rows.push({
          key: "share_open_ms_p50_10k_postgres",
          what: `GET /s/<id> (whole page) with ${LIBRARY_SIZE.toLocaleString("en")} shares stored, PostgreSQL, p50 after ${SHARE_OPEN_WARM_UP} pages (p95 ${time.p95.toFixed(1)} ms; the first 200 after start: p50 ${time.coldP50.toFixed(1)} ms)`,
          value: time.p50,
          unit: "ms",
          target: { op: "<=", value: 20 },
        });
      } finally {
        await onPostgres.stop();
      }
    } finally {
      postgres.stop();
    }
  } finally {
    await browser.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}
