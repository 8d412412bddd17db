import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { databaseFailureDetail, sharedDatabase } from "@/lib/server/database/shared-database";
import type { Viewer } from "@/lib/server/people/author";
import { currentViewer } from "@/lib/server/people/current-viewer";

/** What a page of the library's says when it cannot be shown: the library off, or its database down. */
export type LibraryPageWords = { offTitle: string; offDetail: string; unavailableTitle: string };

/**
 * What a page of the library's (collections, batches) needs before anything else: the person (or
 * the sign-in page, coming back here after) and the database, or why there is none.
 */
export async function libraryPageContext(
  config: ServerConfig,
  path: string,
  words: LibraryPageWords,
): Promise<{ ok: true; viewer: Viewer; database: DatabaseConnection } | { ok: false; title: string; detail: string }> {
  const viewer = await currentViewer(await headers(), config.access);
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(path)}`);
  if (!config.library.enabled) return { ok: false, title: words.offTitle, detail: words.offDetail };
  const database = await sharedDatabase(config.shares).catch((error: unknown) => databaseFailureDetail(error));
  if (typeof database === "string") return { ok: false, title: words.unavailableTitle, detail: database.replace("share library's ", "") };
  return { ok: true, viewer, database };
}

/** The collection pages' context (see libraryPageContext). */
export function collectionPageContext(config: ServerConfig, path: string) {
  return libraryPageContext(config, path, {
    offTitle: "No collections here",
    offDetail: "This playground keeps runs in each browser only (PLAYGROUND_LIBRARY is off), so there are no collections.",
    unavailableTitle: "Collections are unavailable",
  });
}
