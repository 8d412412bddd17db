import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { databaseFailureDetail, sharedDatabase } from "@/lib/server/database/shared-database";
import type { Viewer } from "@/lib/server/people/author";
import { currentViewer } from "@/lib/server/people/current-viewer";
import { ensureBatchRunner } from "./batch-service";

/**
 * What the Batches pages need first: the person (or the sign-in page, coming back here after) and
 * the database, or why there is none (the library off, the database down).
 */
export async function batchPageContext(
  config: ServerConfig,
  path: string,
): Promise<{ ok: true; viewer: Viewer; database: DatabaseConnection } | { ok: false; title: string; detail: string }> {
  const viewer = await currentViewer(await headers(), config.access);
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(path)}`);
  if (!config.library.enabled) {
    return {
      ok: false,
      title: "No batches here",
      detail:
        "Batches keep their runs in the library on the server, and this playground keeps runs in each browser only (PLAYGROUND_LIBRARY is off).",
    };
  }
  const database = await sharedDatabase(config.shares).catch((error: unknown) => databaseFailureDetail(error));
  if (typeof database === "string")
    return { ok: false, title: "Batches are unavailable", detail: database.replace("share library's ", "") };
  void ensureBatchRunner(config);
  return { ok: true, viewer, database };
}
