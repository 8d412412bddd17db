import type { ArchivedRun } from "../lib/history/archive-schema";
import type { GenerationRequest } from "../lib/request/generation-request";

/**
 * A finished run as an export or a share records it: one image, packed out of its answer into
 * `<filePrefix>image-1.png` beside `<filePrefix>answer.json`. Tests, e2e and bench share it.
 */
export function archivedRunFixture(options: {
  id: string;
  request: GenerationRequest;
  createdAt?: number;
  durationMs?: number;
  serviceUrl?: string;
  keyHint?: string;
  /** Prefixed to the file names (a grid's cells: `c<n>-`). */
  filePrefix?: string;
  group?: ArchivedRun["group"];
}): ArchivedRun {
  const { id, request, createdAt = 1_750_000_000_000, durationMs = 640, serviceUrl = "", keyHint = "", filePrefix = "", group } = options;
  return {
    id,
    ...(group ? { group } : {}),
    createdAt,
    request,
    status: "succeeded",
    statusText: "200 OK",
    durationMs,
    serviceUrl,
    imageCount: 1,
    starred: false,
    warnings: [],
    thumbnailFile: null,
    thumbnailUrl: null,
    outcome: {
      kind: "service",
      exchange: {
        requestId: `request-${id}`,
        status: 200,
        statusText: "OK",
        contentType: "application/json",
        url: serviceUrl,
        urlsTried: [],
        keyHint,
        headersMs: 5,
        totalMs: durationMs,
        serviceRequestId: "",
        retryAfter: "",
        location: "",
      },
      answerFile: `${filePrefix}answer.json`,
      packed: [{ prefix: "", file: `${filePrefix}image-1.png` }],
      remote: [],
    },
  };
}
