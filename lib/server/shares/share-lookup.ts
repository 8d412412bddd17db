import "server-only";
import { findShare, isShareExpired, type ShareLookup } from "@/lib/server/database/share-store";
import { databaseFailureDetail, sharedDatabase } from "@/lib/server/database/shared-database";
import type { SharesConfig } from "@/lib/server/config/config";

/** A share's id as links carry it: random and URL-safe; anything else is not looked up. */
export const SHARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type SharePageLookup = ShareLookup | { state: "unavailable"; detail: string };

/** The share a page shows, or why not; a database that is down is an answer, not a crash. */
export async function lookUpShare(config: SharesConfig, id: string): Promise<SharePageLookup> {
  if (!SHARE_ID.test(id)) return { state: "missing" };
  try {
    return await findShare(await sharedDatabase(config), id);
  } catch (error) {
    return { state: "unavailable", detail: databaseFailureDetail(error) };
  }
}

/** Whether the share has expired; a database that is down says no here, and the page says why. */
export async function hasShareExpired(config: SharesConfig, id: string): Promise<boolean> {
  if (!SHARE_ID.test(id)) return false;
  try {
    return await isShareExpired(await sharedDatabase(config), id);
  } catch {
    return false;
  }
}
