/**
 * The playground's own failures, each with one status and one title (RFC 9457 problem details).
 * Shared so that the page can name a problem the same way the route does.
 */
export const PROBLEM_KINDS = {
  "invalid-json": { status: 400, title: "The request body is not valid JSON" },
  "sign-in-required": { status: 401, title: "Sign in to use the playground" },
  "cross-site": { status: 403, title: "Requests from other sites are refused" },
  "unknown-host": { status: 421, title: "This playground does not answer to that host name" },
  "poll-refused": { status: 403, title: "That polling URL is not on the image service" },
  "poll-not-granted": { status: 403, title: "That polling URL was not named by the service" },
  "image-refused": { status: 502, title: "The service's answer for that picture is not one the playground shows" },
  "body-too-large": { status: 413, title: "The request is too large" },
  "body-too-slow": { status: 408, title: "The request took too long to arrive" },
  "unsupported-media-type": { status: 415, title: "The request must be JSON" },
  "invalid-request": { status: 422, title: "Some fields need fixing" },
  "grid-too-large": { status: 422, title: "The grid is larger than this playground allows" },
  "rate-limited": { status: 429, title: "Too many generations: the playground's rate limit was reached" },
  "budget-used": { status: 429, title: "Your image budget is used up for now" },
  "share-rate-limited": { status: 429, title: "Too many shares: the playground's rate limit was reached" },
  "too-many-requests": { status: 429, title: "Too many requests of this kind: try again shortly" },
  "share-not-multipart": { status: 415, title: "A share must be sent as multipart form data" },
  "share-invalid": { status: 422, title: "The share was refused" },
  "share-too-large": { status: 413, title: "The share is too large" },
  "library-full": { status: 507, title: "The share library is full" },
  "share-not-found": { status: 404, title: "There is no share at this link" },
  "share-expired": { status: 410, title: "This share has expired" },
  "share-not-owner": { status: 403, title: "Only the person who shared it can stop sharing" },
  "feedback-full": { status: 409, title: "This share has all the comments it can take" },
  "feedback-not-owner": { status: 403, title: "Only the person who shared it can remove comments" },
  "database-unavailable": { status: 503, title: "The share library is unavailable" },
  "library-off": { status: 404, title: "This playground keeps runs in each browser only" },
  "library-not-multipart": { status: 415, title: "A run must be sent as multipart form data" },
  "library-run-invalid": { status: 422, title: "The run was not kept in your library" },
  "library-run-too-large": { status: 413, title: "The run is too large for the library" },
  "library-quota": { status: 507, title: "Your library is full" },
  "library-unavailable": { status: 503, title: "Your library on the server is unavailable" },
  "collection-not-found": { status: 404, title: "There is no collection at this link that you may see" },
  "collection-role": { status: 403, title: "Your role on this collection does not allow that" },
  "collection-full": { status: 409, title: "That would pass a collection's limits" },
  "batch-invalid": { status: 422, title: "The batch was not made" },
  "batch-not-found": { status: 404, title: "There is no batch of yours by that id" },
  "batch-not-changed": { status: 409, title: "The batch is not in a state that allows that" },
  "batches-busy": { status: 429, title: "You have as many batches under way as one person may" },
  "batches-unavailable": { status: 404, title: "Batches need the library on the server" },
  "person-unknown": { status: 422, title: "Nobody by that name has signed in to this playground" },
  "budget-unavailable": { status: 503, title: "The image budget cannot be checked right now" },
  "service-unreachable": { status: 502, title: "The image service could not be reached" },
  "answer-too-large": { status: 502, title: "The service's answer is too large" },
  "answer-broken": { status: 502, title: "The service's answer broke off" },
  "answer-unreadable-encoding": { status: 502, title: "The service answered in an encoding the playground cannot read" },
  restarting: { status: 503, title: "The playground is restarting" },
  busy: { status: 503, title: "The playground is busy with other generations" },
  "uploads-busy": { status: 503, title: "The playground is receiving as many shares as it can" },
  "service-timeout": { status: 504, title: "The image service did not answer in time" },
  misconfigured: { status: 500, title: "The playground is not configured correctly" },
  internal: { status: 500, title: "The playground failed unexpectedly" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

export const PROBLEM_TYPE_PREFIX = "urn:image-playground:problem:";

// The schema that reads a problem back is in problem-schema.ts: the page names problems as it
// starts (outcome banners, retries) and reads none then, so it does not build that schema then.
export type { Problem } from "./problem-schema";

export function problemKindOf(type: string): ProblemKind | null {
  if (!type.startsWith(PROBLEM_TYPE_PREFIX)) return null;
  const kind = type.slice(PROBLEM_TYPE_PREFIX.length);
  return isProblemKind(kind) ? kind : null;
}

function isProblemKind(kind: string): kind is ProblemKind {
  return Object.hasOwn(PROBLEM_KINDS, kind);
}
