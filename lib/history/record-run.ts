import type { GenerationRequest } from "@/lib/request/generation-request";
import type { RunOutcome, ServiceExchange } from "@/lib/answer/run-outcome";
import type { AnswerAnalysis } from "./analyse-answer";
import { announcedOperation } from "@/lib/answer/job-status";
import type { HistoryRun, RunGroup, RunStatus, StoredOutcome, StoredRemoteImage } from "./history-types";

/** Turns a finished run into what history keeps. Browser-only work (network, canvas) comes in as functions. */

export type RecordingTools = {
  /** Reads the answer (images, packing); in the browser it pauses between steps to let the page breathe. */
  analyse: (bytes: Uint8Array<ArrayBuffer>, contentType: string, base?: string) => Promise<AnswerAnalysis>;
  /**
   * The remote image's bytes if the browser may read them (CORS), else null. `grant`: the
   * playground may fetch this one with the key (a picture on the service's host, granted by the relay).
   */
  readRemoteImage: (url: string, grant?: string) => Promise<Blob | null>;
  /** A small picture for the list, or null when the image cannot be decoded. */
  makeThumbnail: (image: Blob) => Promise<Blob | null>;
};

/** Remote images read per run: a gallery of hundreds keeps its links, not hundreds of downloads. */
export const MAX_REMOTE_IMAGES_KEPT = 24;
/** Room for the record's own fields beside its blobs, counted towards the byte cap. */
const RECORD_OVERHEAD_BYTES = 1024;

function statusOf(outcome: RunOutcome, analysis: AnswerAnalysis | null): { status: RunStatus; statusText: string } {
  if (outcome.kind === "cancelled") return { status: "cancelled", statusText: "Cancelled" };
  if (outcome.kind === "failed") return { status: "failed", statusText: "Failed" };
  if (outcome.kind === "problem") return { status: "refused", statusText: String(outcome.status) };
  const { status, statusText } = outcome.exchange;
  const label = `${status}${statusText ? ` ${statusText}` : ""}`;
  if (status < 200 || status >= 300) return { status: "service-error", statusText: label };
  if (analysis && analysis.imageCount > 0) return { status: "succeeded", statusText: label };
  // A job named in the body, or an operation announced in the headers alone (202 + Operation-Location).
  const job = analysis?.jobPending || announcedOperation(outcome.exchange) !== null;
  return { status: job ? "job" : "no-image", statusText: label };
}

export async function recordRun(
  base: { id: string; createdAt: number; request: GenerationRequest; outcome: RunOutcome; group?: RunGroup },
  tools: RecordingTools,
): Promise<HistoryRun> {
  const { outcome } = base;
  const kept: KeptAnswer =
    outcome.kind === "service"
      ? await keepServiceAnswer(outcome.exchange, tools)
      : { stored: outcome, analysis: null, warnings: [], thumbnailSource: null, thumbnailUrl: null };
  const { stored, analysis, warnings } = kept;
  const { status, statusText } = statusOf(outcome, analysis);
  const thumbnail = kept.thumbnailSource ? await tools.makeThumbnail(kept.thumbnailSource) : null;
  return {
    id: base.id,
    ...(base.group ? { group: base.group } : {}),
    createdAt: base.createdAt,
    request: base.request,
    status,
    statusText,
    durationMs: Math.round(outcome.kind === "service" ? outcome.exchange.totalMs : outcome.totalMs),
    serviceUrl: outcome.kind === "service" ? outcome.exchange.url : outcome.kind === "problem" ? outcome.url : "",
    imageCount: analysis?.imageCount ?? 0,
    ...(analysis?.usage ? { usage: analysis.usage } : {}),
    starred: false,
    sizeBytes: runSizeBytes(base.request, stored, thumbnail),
    warnings,
    thumbnail,
    thumbnailUrl: thumbnail ? null : kept.thumbnailUrl,
    outcome: stored,
  };
}

type KeptAnswer = {
  stored: StoredOutcome;
  analysis: AnswerAnalysis | null;
  warnings: string[];
  thumbnailSource: Blob | null;
  thumbnailUrl: string | null;
};

/** The answer with large base64 taken out as image bytes, and remote images read while they still load. */
async function keepServiceAnswer(fullExchange: ServiceExchange, tools: RecordingTools): Promise<KeptAnswer> {
  const { bytes, ...exchange } = fullExchange;
  const analysis = await tools.analyse(bytes, exchange.contentType, exchange.url);
  const { stored: kept, certainUrls } = analysis;
  const remoteUrls = [...certainUrls, ...analysis.uncertainUrls].slice(0, MAX_REMOTE_IMAGES_KEPT);
  const readable = await Promise.all(remoteUrls.map((url) => tools.readRemoteImage(url, exchange.imageGrants?.[url])));
  const remote: StoredRemoteImage[] = remoteUrls.flatMap((url, index) => {
    const blob = readable[index];
    return blob ? [{ url, blob }] : [];
  });
  const warnings: string[] = [];
  const unreadable = certainUrls.filter((url) => !remote.some((image) => image.url === url)).length;
  if (unreadable === 1) {
    warnings.push(
      "1 image is kept only as a link: the image host does not let the browser save it, so this saved run may not show it once the link expires.",
    );
  } else if (unreadable > 1) {
    warnings.push(
      `${unreadable} images are kept only as links: the image host does not let the browser save them, so this saved run may not show them once the links expire.`,
    );
  }
  const stored: StoredOutcome = {
    kind: "service",
    exchange,
    body: kept.body,
    packed: kept.packed,
    remote,
  };
  const first = analysis.firstImage;
  if (!first) return { stored, analysis, warnings, thumbnailSource: null, thumbnailUrl: null };
  if (first.kind === "bytes") return { stored, analysis, warnings, thumbnailSource: first.blob, thumbnailUrl: null };
  const saved = remote.find((image) => image.url === first.url)?.blob ?? null;
  return { stored, analysis, warnings, thumbnailSource: saved, thumbnailUrl: saved ? null : first.url };
}

/** What a run takes in storage, as counted against the byte cap. */
export function runSizeBytes(request: GenerationRequest, outcome: StoredOutcome, thumbnail: Blob | null): number {
  const blobs =
    outcome.kind === "service"
      ? [outcome.body, ...outcome.packed.map((part) => part.blob), ...outcome.remote.map((part) => part.blob)]
      : [];
  return RECORD_OVERHEAD_BYTES + request.prompt.length * 2 + blobs.reduce((total, blob) => total + blob.size, 0) + (thumbnail?.size ?? 0);
}
