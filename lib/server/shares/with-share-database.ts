import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import { problemResponse } from "@/lib/server/http/problem-response";
import type { RouteContext } from "@/lib/server/http/route-context";
import { databaseFailureDetail, sharedDatabase } from "@/lib/server/database/shared-database";
import type { DatabaseConnection } from "@/lib/server/database/connection";

/**
 * Runs a share route's work on the library: a database that cannot be opened, or fails during the
 * work, is a plain-words 503 (logged with the request id), never a crash.
 */
export async function withShareDatabase(
  config: ServerConfig,
  context: RouteContext,
  work: (connection: DatabaseConnection) => Promise<Response>,
): Promise<Response> {
  let connection: DatabaseConnection;
  try {
    connection = await sharedDatabase(config.shares);
  } catch (error) {
    return context.finish(problemResponse("database-unavailable", { requestId: context.requestId, detail: databaseFailureDetail(error) }));
  }
  try {
    return await work(connection);
  } catch (error) {
    process.stderr.write(
      `${JSON.stringify({ level: "error", requestId: context.requestId, route: "shares", error: error instanceof Error ? error.message : String(error) })}\n`,
    );
    return context.finish(problemResponse("database-unavailable", { requestId: context.requestId, detail: databaseFailureDetail(error) }));
  }
}
