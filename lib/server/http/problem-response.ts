import "server-only";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { PROBLEM_KINDS, PROBLEM_TYPE_PREFIX, type ProblemKind } from "@/lib/request/problem";

/** Our own failures as RFC 9457 problem details, each carrying the request id for the logs. */
export function problemResponse(
  kind: ProblemKind,
  options: {
    requestId: string;
    detail: string;
    errors?: Record<string, string[]>;
    headers?: Record<string, string>;
    retryAfterSeconds?: number;
  },
): Response {
  const { status, title } = PROBLEM_KINDS[kind];
  const body = {
    type: `${PROBLEM_TYPE_PREFIX}${kind}`,
    title,
    status,
    detail: options.detail,
    requestId: options.requestId,
    ...(options.errors ? { errors: options.errors } : {}),
    ...(options.retryAfterSeconds !== undefined ? { retryAfterSeconds: options.retryAfterSeconds } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/problem+json",
      "cache-control": "no-store",
      [ANSWER_HEADERS.source]: "playground",
      [ANSWER_HEADERS.requestId]: options.requestId,
      ...(options.retryAfterSeconds !== undefined ? { "retry-after": String(options.retryAfterSeconds) } : {}),
      ...options.headers,
    },
  });
}
