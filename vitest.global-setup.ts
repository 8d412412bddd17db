import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "./lib/server/database/connection";
import { startPostgres } from "./test-support/postgres-server";
import { makeRunTempFolder } from "./test-support/run-temp-folder";

/**
 * One real PostgreSQL server for the unit run's database tests (they also run on PGlite). If it
 * cannot start, the run fails with the reason: nothing is skipped silently. Every temporary folder
 * of the run goes in one folder, removed at the end. One embedded database is made and migrated
 * here, and the tests' fresh data folders are copies of it (test-support/database-targets.ts).
 */
export default async function setup(project: TestProject) {
  const temp = makeRunTempFolder("playground-unit-run");
  // Side by side: each takes seconds.
  const [started, made] = await Promise.allSettled([startPostgres(), makeEmbeddedTemplate()]);
  if (started.status === "rejected" || made.status === "rejected") {
    if (started.status === "fulfilled") started.value.stop();
    temp.remove();
    throw started.status === "rejected" ? started.reason : (made as PromiseRejectedResult).reason;
  }
  const server = started.value;
  project.provide("postgresUrl", server.url);
  project.provide("embeddedTemplate", made.value);
  return () => {
    try {
      server.stop();
    } finally {
      temp.remove();
    }
  };
}

/** A data folder whose embedded database is made and migrated, then closed; its path. */
async function makeEmbeddedTemplate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "playground-template-"));
  await (await openDatabase({ dataDir })).close();
  return dataDir;
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A data folder holding a made and migrated embedded database, to be copied, never opened. */
    embeddedTemplate: string;
  }
}
