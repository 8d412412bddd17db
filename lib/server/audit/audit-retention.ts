import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { purgeAudit } from "./audit-log";

const DAY_MS = 86_400_000;

/**
 * Removes audit entries older than PLAYGROUND_AUDIT_DAYS once the database is open, then daily.
 * Several instances may do it at once: deleting rows that are already gone is harmless.
 */
export function keepAuditTrimmed(config: Pick<ServerConfig, "shares" | "audit">): void {
  const trim = () =>
    void sharedDatabase(config.shares)
      .then((connection) => purgeAudit(connection, config.audit.days))
      .catch(() => undefined);
  trim();
  setInterval(trim, DAY_MS).unref();
}
