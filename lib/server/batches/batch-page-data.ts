import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import { libraryPageContext } from "@/lib/server/library/collection-page-data";
import { ensureBatchRunner } from "./batch-service";

/** What the Batches pages need first (see libraryPageContext); the runner is started if it is not yet. */
export async function batchPageContext(config: ServerConfig, path: string) {
  const context = await libraryPageContext(config, path, {
    offTitle: "No batches here",
    offDetail:
      "Batches keep their runs in the library on the server, and this playground keeps runs in each browser only (PLAYGROUND_LIBRARY is off).",
    unavailableTitle: "Batches are unavailable",
  });
  if (context.ok) void ensureBatchRunner(config);
  return context;
}
