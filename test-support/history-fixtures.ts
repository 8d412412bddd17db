import { summarize, type HistoryRun, type RunSummary } from "@/lib/history/history-types";

/** A saved run as tests need one: succeeded, one image, 10 bytes; `options` changes what a test is about. */
export function makeRun(id: string, createdAt: number, options: Partial<HistoryRun> = {}): HistoryRun {
  return {
    id,
    createdAt,
    request: { model: "m", prompt: `prompt ${id}`, aspect_ratio: "1:1" },
    status: "succeeded",
    statusText: "200 OK",
    durationMs: 100,
    serviceUrl: "http://127.0.0.1:1/v1/images/generations",
    imageCount: 1,
    starred: false,
    sizeBytes: 10,
    warnings: [],
    thumbnail: null,
    thumbnailUrl: null,
    outcome: { kind: "cancelled", totalMs: 100 },
    ...options,
  };
}

/** The same run as the history list holds it (no answer, no thumbnail blob). */
export function makeSummary(id: string, createdAt: number, options: Partial<RunSummary> = {}): RunSummary {
  return { ...summarize(makeRun(id, createdAt)), ...options };
}
