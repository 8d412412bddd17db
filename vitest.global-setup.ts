import type { TestProject } from "vitest/node";
import { startPostgres } from "./test-support/postgres-server";
import { makeRunTempFolder } from "./test-support/run-temp-folder";

/**
 * One real PostgreSQL server for the unit run's database tests (they also run on PGlite). If it
 * cannot start, the run fails with the reason: nothing is skipped silently. Every temporary folder
 * of the run goes in one folder, removed at the end.
 */
export default async function setup(project: TestProject) {
  const temp = makeRunTempFolder("playground-unit-run");
  const server = await startPostgres().catch((error: unknown) => {
    temp.remove();
    throw error;
  });
  project.provide("postgresUrl", server.url);
  return () => {
    try {
      server.stop();
    } finally {
      temp.remove();
    }
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
