import type { TestProject } from "vitest/node";
import { startPostgres } from "./test-support/postgres-server";

/**
 * One real PostgreSQL server for the unit run's database tests (they also run on PGlite). If it
 * cannot start, the run fails with the reason: nothing is skipped silently.
 */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
