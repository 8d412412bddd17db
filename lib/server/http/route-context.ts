import "server-only";
import { randomUUID } from "node:crypto";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { problemResponse } from "./problem-response";
import { logRequest, type RequestLogLine } from "./request-log";

/**
 * What every route that spends the key shares: a request id, one log line per request, and a
 * last-resort catch that answers our own bugs without any internals.
 */

export type LogExtra = Partial<Omit<RequestLogLine, "requestId" | "route" | "status" | "durationMs">>;
export type RouteContext = {
  requestId: string;
  /** The route's name in the log ("/api/shares/:id"). */
  route: string;
  /** Logs the request's line (for answers that finish later, such as streams). */
  log: (status: number, extra?: LogExtra) => void;
  /** Logs the request's line and hands the response back. */
  finish: (response: Response, extra?: LogExtra) => Response;
};

export async function withRouteContext(
  route: string,
  configResult: ConfigResult,
  handle: (config: ServerConfig, context: RouteContext) => Promise<Response>,
): Promise<Response> {
  const requestId = randomUUID();
  const started = performance.now();
  const log: RouteContext["log"] = (status, extra = {}) =>
    logRequest({ requestId, route, status, durationMs: performance.now() - started, ...extra });
  const finish: RouteContext["finish"] = (response, extra) => {
    log(response.status, extra);
    return response;
  };
  try {
    if (!configResult.ok) {
      const variables = configResult.problems.map((problem) => problem.split(":")[0]).join(", ");
      return finish(problemResponse("misconfigured", { requestId, detail: `Check these settings on the server: ${variables}.` }));
    }
    return await handle(configResult.config, { requestId, route, log, finish });
  } catch (error) {
    // Our own bug: logged here with the request id, answered without any internals.
    process.stderr.write(
      `${JSON.stringify({ level: "error", requestId, route, error: error instanceof Error ? error.message : String(error) })}\n`,
    );
    return finish(
      problemResponse("internal", {
        requestId,
        detail: `Something went wrong in the playground. Quote request id ${requestId} when reporting it.`,
      }),
    );
  }
}
