/**
 * Runs once when the server starts: stamps each request with its socket address (for rate limits),
 * and reports a bad configuration right away, naming every variable at fault (never its value).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerAddresses } = await import("@/lib/server/http/peer-address-stamp");
  stampPeerAddresses();
  const { getServerConfig } = await import("@/lib/server/config/config");
  const result = getServerConfig();
  if (!result.ok) {
    console.error(
      [
        "",
        "Image Prompt Playground: the configuration is not valid.",
        ...result.problems.map((problem) => `  - ${problem}`),
        "The page shows these problems until they are fixed and the server restarts.",
        "",
      ].join("\n"),
    );
    return;
  }
  const { service } = result.config;
  console.log(
    service
      ? `Image Prompt Playground: calling the service at ${service.root} (base form: ${service.formSetting}).`
      : "Image Prompt Playground: no IMAGE_API_BASE_URL set, using the embedded demo service.",
  );
  if (result.config.access.password === null) {
    console.log("Image Prompt Playground: no PLAYGROUND_PASSWORD set: anyone who can reach this server can spend the key.");
  }
  await openShareLibrary(result.config.shares);
}

/**
 * Opens the share library as the server starts, so the first share does not wait for it. A data
 * folder another playground is using stops this one with a clear message (two processes writing
 * one embedded database would corrupt it); a PostgreSQL server that is down only disables sharing
 * until it is back, and generating works meanwhile.
 */
async function openShareLibrary(shares: import("@/lib/server/config/config").SharesConfig): Promise<void> {
  const { sharedDatabase, databaseFailureDetail } = await import("@/lib/server/database/shared-database");
  const { DataFolderInUseError } = await import("@/lib/server/database/data-folder-lock");
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
