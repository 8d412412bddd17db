import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import { problemResponse } from "@/lib/server/http/problem-response";
import type { RouteContext } from "@/lib/server/http/route-context";
import { databaseFailureDetail, sharedDatabase } from "@/lib/server/database/shared-database";
import type { DatabaseConnection } from "@/lib/server/database/connection";

/**
 * Runs a route's work on the database: a database that cannot be opened, or fails during the work,
 * is a plain-words 503 (logged with the request id), never a crash. `kind` names what is
 * unavailable to the person: the share library (and the rest), or their own library of runs.
 */
export async function withShareDatabase(
  config: ServerConfig,
  context: RouteContext,
  work: (connection: DatabaseConnection) => Promise<Response>,
  kind: "database-unavailable" | "library-unavailable" = "database-unavailable",
): Promise<Response> {
  let connection: DatabaseConnection;
  try {
    connection = await sharedDatabase(config.shares);
  } catch (error) {
    return context.finish(problemResponse(kind, { requestId: context.requestId, detail: failureDetail(kind, error) }));
  }
  try {
    return await work(connection);
  } catch (error) {
    process.stderr.write(
      `${JSON.stringify({ level: "error", requestId: context.requestId, route: context.route, error: error instanceof Error ? error.message : String(error) })}\n`,
    );
    return context.finish(problemResponse(kind, { requestId: context.requestId, detail: failureDetail(kind, error) }));
  }
}

function failureDetail(kind: "database-unavailable" | "library-unavailable", error: unknown): string {
  if (kind === "database-unavailable") return databaseFailureDetail(error);
  return "The library's database cannot be used right now. Your runs stay in this browser and go to your library when it is back.";
}
