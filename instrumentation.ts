/**
 * Runs once when the server starts: stamps each request with its socket address (for rate limits),
 * makes SIGTERM stop gracefully, says which host names it answers, and reports a bad configuration right away, naming every variable at fault (never its value).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerAddresses } = await import("@/lib/server/http/peer-address-stamp");
  stampPeerAddresses();
  const { getServerConfig, DEFAULT_STOP_GRACE_MS } = await import("@/lib/server/config/config");
  const result = getServerConfig();
  const { stopGracefullyOnSignals } = await import("@/lib/server/lifecycle/graceful-stop");
  stopGracefullyOnSignals(result.ok ? result.config.stopGraceMs : DEFAULT_STOP_GRACE_MS);
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
  const { oidc } = result.config.access;
  if (oidc) {
    console.log(
      `Image Prompt Playground: people sign in with ${oidc.name} (${oidc.issuer}); redirect URI ${oidc.publicUrl}/api/auth/callback/oidc.`,
    );
  } else if (result.config.access.password === null) {
    console.log("Image Prompt Playground: no PLAYGROUND_PASSWORD set: anyone who can reach this server can spend the key.");
  }
  const extraHosts = [...result.config.allowedHosts.names, ...result.config.allowedHosts.domains.map((domain) => `.${domain}`)];
  console.log(
    extraHosts.length > 0
      ? `Image Prompt Playground: answering requests addressed to localhost, 127.0.0.1, [::1] and ${extraHosts.join(", ")}.`
      : "Image Prompt Playground: answering only requests addressed to localhost, 127.0.0.1 or [::1]; to serve on other names, list them in PLAYGROUND_ALLOWED_HOSTS.",
  );
  const { openShareLibraryAtStart } = await import("@/lib/server/database/open-at-start");
  openShareLibraryAtStart(result.config.shares);
  // Batches go on after a restart (or a crash) with no page open.
  const { resumeBatchesAtStart } = await import("@/lib/server/batches/batch-service");
  void resumeBatchesAtStart(result.config);
  const { keepAuditTrimmed } = await import("@/lib/server/audit/audit-retention");
  keepAuditTrimmed(result.config);
}
