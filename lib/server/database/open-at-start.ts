import "server-only";
import type { SharesConfig } from "@/lib/server/config/config";
import { DataFolderInUseError } from "./data-folder-lock";
import { databaseFailureDetail, sharedDatabase } from "./shared-database";

/**
 * Opens the share library as the server starts, so the first share does not wait for it. A data
 * folder another playground is using stops this one with a clear message (two processes writing
 * one embedded database would corrupt it); a PostgreSQL server that is down only disables sharing
 * until it is back, and generating works meanwhile.
 */
export function openShareLibraryAtStart(shares: SharesConfig): void {
  const where = "url" in shares.database ? "the PostgreSQL server in DATABASE_URL" : `an embedded database in ${shares.database.dataDir}`;
  void sharedDatabase(shares).then(
    () => console.log(`Image Prompt Playground: shared runs are kept in ${where}.`),
    (error: unknown) => {
      if (error instanceof DataFolderInUseError) {
        console.error(`\nImage Prompt Playground: ${error.message}\n`);
        process.exit(1);
      }
      console.error(`Image Prompt Playground: sharing is unavailable for now. ${databaseFailureDetail(error)}`);
    },
  );
}
