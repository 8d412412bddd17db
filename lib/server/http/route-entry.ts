import "server-only";
import { isStopping, stoppingAnswer } from "@/lib/server/lifecycle/stopping";
import { unknownHostAnswer } from "./unknown-host-answer";

/**
 * Wraps every API route's handler with the checks that come before any work: a request addressed
 * to a host name the playground does not know is answered 421, and while the server is stopping
 * every new request is answered 503. (The proxy does the same for pages; API routes stay out of
 * the proxy, which would buffer request bodies and cut them off past its own size limit.)
 */
export function routeEntry<Rest extends unknown[]>(
  handler: (request: Request, ...rest: Rest) => Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  return async (request, ...rest) => unknownHostAnswer(request.headers) ?? (isStopping() ? stoppingAnswer() : handler(request, ...rest));
}
