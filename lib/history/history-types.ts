import type { GenerationRequest } from "@/lib/request/generation-request";
import type { GridAxis, GridSpec } from "../grid/grid-plan";
import type { Problem } from "@/lib/request/problem";
import type { ServiceExchange } from "@/lib/answer/run-outcome";
import type { ServiceUsage } from "@/lib/answer/service-usage";
import type { Verdict } from "./verdict";

/** What the browser keeps of each run (IndexedDB): enough to show it again without the service. */

export type RunStatus = "succeeded" | "no-image" | "job" | "service-error" | "refused" | "failed" | "cancelled";

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  succeeded: "Images",
  "no-image": "No image",
  job: "Job pending",
  "service-error": "Service error",
  refused: "Refused",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** An image taken out of a JSON answer (see answer-packing): where it sat and its bytes. */
export type StoredPackedImage = { prefix: string; blob: Blob };

/** A remote image's bytes, read when the run was saved, so the run still shows after the URL expires. */
export type StoredRemoteImage = { url: string; blob: Blob };

export type StoredOutcome =
  | {
      kind: "service";
      exchange: Omit<ServiceExchange, "bytes">;
      /** The answer's bytes, or, when `packed` is not empty, its text with markers where images were. */
      body: Blob;
      packed: StoredPackedImage[];
      remote: StoredRemoteImage[];
    }
  | { kind: "problem"; problem: Problem; status: number; url: string; totalMs: number }
  | { kind: "failed"; message: string; totalMs: number }
  | { kind: "cancelled"; totalMs: number };

/** Runs made by one grid share a group: the grid can be reopened and rerun as a whole. */
export type RunGroup = { id: string; cellIndex: number; cellCount: number; rowAxis: GridAxis; spec: GridSpec };

/** A run as kept, with the person's verdict on it (rating, pick, note; see verdict.ts). */
export type HistoryRun = Verdict & {
  id: string;
  group?: RunGroup;
  createdAt: number;
  /**
   * Who made the run, when the playground knows people: "team" behind a shared password, the
   * person's name with sign-in. Runs made in an open playground (and older runs) have none.
   */
  author?: string;
  request: GenerationRequest;
  status: RunStatus;
  /** "200 OK", "429", "Cancelled": what the list shows beside the status. */
  statusText: string;
  durationMs: number;
  serviceUrl: string;
  imageCount: number;
  /** What the service reported the run used, for cost estimates (IMAGE_PRICES) and the export. */
  usage?: ServiceUsage;
  starred: boolean;
  /** Bytes this run takes in storage (blobs plus text), for the usage figure and the cap. */
  sizeBytes: number;
  /** Things the person should know about the saved copy, e.g. remote images that could not be kept. */
  warnings: string[];
  /** A small picture for the list: saved bytes, or the remote URL when its bytes could not be read. */
  thumbnail: Blob | null;
  thumbnailUrl: string | null;
  outcome: StoredOutcome;
};

/**
 * What the history list shows of a run: everything but its heavy parts (the answer, its images and
 * the thumbnail's bytes), so thousands of them can be read and searched without touching blobs.
 */
export type RunSummary = Omit<HistoryRun, "outcome" | "thumbnail"> & { hasThumbnail: boolean };

export function summarize(run: HistoryRun): RunSummary {
  const summary: RunSummary & Partial<Pick<HistoryRun, "outcome" | "thumbnail">> = { ...run, hasThumbnail: run.thumbnail !== null };
  delete summary.outcome;
  delete summary.thumbnail;
  return summary;
}

export type SavedPrompt = { id: string; name: string; text: string; createdAt: number };

export type HistoryCaps = { maxRuns: number; maxBytes: number };

export const DEFAULT_HISTORY_CAPS: HistoryCaps = { maxRuns: 5000, maxBytes: 2000 * 1024 * 1024 };

export function isRunStatus(value: string): value is RunStatus {
  return Object.hasOwn(RUN_STATUS_LABELS, value);
}
