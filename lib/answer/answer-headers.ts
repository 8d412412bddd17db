/**
 * How our route labels its answers so the page can tell "the playground refused or failed" from
 * "the service answered" (DESIGN §4). The service's body travels untouched as our body; what we
 * know about the exchange travels in these headers.
 */
export const ANSWER_HEADERS = {
  /** "service" when the body is the service's answer, "playground" for our own problem answers. */
  source: "x-playground-source",
  requestId: "x-request-id",
  serviceStatus: "x-service-status",
  serviceStatusText: "x-service-status-text",
  serviceContentType: "x-service-content-type",
  serviceUrl: "x-service-url",
  /** Milliseconds from sending the request to the service's response headers. */
  serviceHeadersMs: "x-service-headers-ms",
  serviceRequestId: "x-service-request-id",
  /** The bearer key as the exchange panel may show it: its last four characters only. */
  serviceKeyHint: "x-service-key-hint",
  serviceRetryAfter: "x-service-retry-after",
  /** Where a redirect pointed (not followed: the key must not travel to another address). */
  serviceLocation: "x-service-location",
  /** Where a long-running operation is followed (Operation-Location), as the service named it. */
  serviceOperationLocation: "x-service-operation-location",
  /**
   * The playground's cap on a service's answer, in bytes. A streamed answer that passes it ends
   * cleanly after one byte more than the cap: more bytes than this means "cut off, too large".
   * (An error would not do: a browser drops the bytes it holds when a body fails, so the page
   * could not tell the cap from a broken connection.)
   */
  answerLimit: "x-playground-answer-limit",
  /**
   * The answer's length in bytes as the service declared it, when it is streamed on as it came (not
   * decoded here). A hint for making room once: the key scrubbed from it may change its length, and
   * the page counts what actually arrives.
   */
  answerLength: "x-playground-answer-length",
  /** The service's Content-Encoding (gzip, br…), when it compressed its answer. */
  serviceContentEncoding: "x-service-content-encoding",
  /** "decoded" when this server undid that encoding (an answer in a coding it cannot undo is refused, never relayed). */
  answerDecoding: "x-playground-answer-decoding",
  /** The compressed size on the wire: exact for an answer read whole, else the size the service declared. */
  serviceWireBytes: "x-service-wire-bytes",
  /**
   * Polling URLs the service named in this answer, each with the grant /api/poll asks for (a
   * URI-encoded JSON object, URL → grant). Only these URLs are ever polled with the key.
   */
  pollGrants: "x-playground-poll-grants",
  /**
   * Pictures the answer named on the service's own host, each with the grant /api/image asks for
   * (a URI-encoded JSON object, URL → grant): the page loads them through the server when the
   * browser alone cannot (a file store that wants the key).
   */
  imageGrants: "x-playground-image-grants",
  /** Base forms tried before the one that answered (auto mode), comma-separated URLs. */
  serviceUrlsTried: "x-service-urls-tried",
} as const;

export type AnswerSource = "service" | "playground";
