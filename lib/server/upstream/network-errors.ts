import "server-only";
import { DECODING_ERROR_CODE } from "./content-decoding";

/**
 * Names a failed fetch in plain words. Node's fetch throws `TypeError("fetch failed")` with the
 * socket error as its cause (sometimes several, one per address tried), so the cause chain is read.
 */

const CAUSES: Record<string, string> = {
  ECONNREFUSED: "the connection was refused: nothing is listening at that address and port",
  ENOTFOUND: "the host name could not be resolved (DNS lookup failed)",
  EAI_AGAIN: "the host name could not be resolved right now (DNS lookup timed out)",
  ECONNRESET: "the service closed the connection without answering (connection reset)",
  EPIPE: "the service closed the connection while the request was being sent",
  UND_ERR_SOCKET: "the connection to the service broke (socket closed)",
  ETIMEDOUT: "connecting to the service timed out",
  UND_ERR_CONNECT_TIMEOUT: "connecting to the service timed out",
  EHOSTUNREACH: "the service's host cannot be reached from this server (no route to host)",
  ENETUNREACH: "the network of the service cannot be reached from this server",
  UND_ERR_HEADERS_OVERFLOW: "the service sent response headers that are too large",
  HPE_INVALID_CONSTANT: "the service did not answer with valid HTTP",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the service's TLS certificate is self-signed",
  CERT_HAS_EXPIRED: "the service's TLS certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the service's TLS certificate does not match its host name",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the service's TLS certificate could not be verified",
};

function codeOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const code = Object.getOwnPropertyDescriptor(value, "code")?.value;
  return typeof code === "string" ? code : undefined;
}

function causesOf(value: unknown): unknown[] {
  if (typeof value !== "object" || value === null) return [];
  const nested: unknown[] = [];
  const cause = Object.getOwnPropertyDescriptor(value, "cause")?.value;
  if (cause !== undefined) nested.push(cause);
  const errors = Object.getOwnPropertyDescriptor(value, "errors")?.value;
  if (Array.isArray(errors)) nested.push(...errors);
  return nested;
}

/** The first socket error code anywhere in the cause chain. */
export function findErrorCode(error: unknown): string | undefined {
  const queue: unknown[] = [error];
  for (let steps = 0; queue.length > 0 && steps < 20; steps++) {
    const current = queue.shift();
    const code = codeOf(current);
    if (code && code !== "ERR_INVALID_STATE") return code;
    queue.push(...causesOf(current));
  }
  return undefined;
}

export function describeNetworkError(error: unknown): string {
  const code = findErrorCode(error);
  // A compressed body that does not decode: its own message says which coding and why.
  if (code === DECODING_ERROR_CODE && error instanceof Error) return error.message;
  if (code && CAUSES[code]) return CAUSES[code];
  if (code) return `the connection to the service failed (${code})`;
  return "the connection to the service failed";
}
