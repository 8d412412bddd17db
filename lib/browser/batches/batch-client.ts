import type { BatchRowView, BatchSummary } from "@/lib/batches/batch-types";
import { call, sendJson, type CallResult } from "@/lib/browser/library/library-client";

/** The Batches page's calls to the batch routes; each settles to a tagged result. */

const base = (id: string) => `/api/batches/${encodeURIComponent(id)}`;

export type NewBatchRequest = {
  name: string;
  text: string;
  format: "csv" | "tsv" | "jsonl";
  columns?: Record<string, string>;
  cross?: { models: string[]; ratios: string[] };
  concurrency: number;
};

/** A batch from rows already made (a grid's cells): `{prompt, model, aspect_ratio, …extra fields}` each, as the API takes them. */
export type BatchOfRowsRequest = { name: string; rows: Record<string, unknown>[] };

export type CreateResult =
  { ok: true; id: string; total: number } | { ok: false; message: string; lines: { line: string; message: string }[] };

/** Makes a batch; a refusal names its bad rows as the server found them. */
export async function createBatch(batch: NewBatchRequest | BatchOfRowsRequest): Promise<CreateResult> {
  let response: Response;
  try {
    response = await fetch("/api/batches", { ...sendJson("POST", batch), cache: "no-store" });
  } catch {
    return { ok: false, message: "The playground's server could not be reached. Is it still running?", lines: [] };
  }
  const body = (await response.json().catch(() => null)) as {
    id?: string;
    total?: number;
    detail?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (response.ok && body?.id) return { ok: true, id: body.id, total: Number(body.total ?? 0) };
  return {
    ok: false,
    message: body?.detail ?? `The playground answered ${response.status}.`,
    lines: Object.entries(body?.errors ?? {}).map(([line, messages]) => ({ line, message: messages.join(" ") })),
  };
}

export function listBatches(signal?: AbortSignal): Promise<CallResult<BatchSummary[]>> {
  return call("/api/batches", { signal }, async (response) => ((await response.json()) as { batches: BatchSummary[] }).batches);
}

export function readBatch(id: string, signal?: AbortSignal): Promise<CallResult<BatchSummary>> {
  return call(base(id), { signal }, async (response) => (await response.json()) as BatchSummary);
}

export function changeBatch(id: string, action: "pause" | "resume" | "cancel" | "retry"): Promise<CallResult<BatchSummary>> {
  return call(`${base(id)}/${action}`, { method: "POST" }, async (response) => (await response.json()) as BatchSummary);
}

export function batchRows(
  id: string,
  options: { after: number; state: BatchRowView["state"] | null; limit: number; signal?: AbortSignal },
): Promise<CallResult<BatchRowView[]>> {
  const query = new URLSearchParams({ after: String(options.after), limit: String(options.limit) });
  if (options.state) query.set("state", options.state);
  return call(
    `${base(id)}/rows?${query}`,
    { signal: options.signal },
    async (response) => ((await response.json()) as { rows: BatchRowView[] }).rows,
  );
}

export const batchExportUrl = (id: string) => `${base(id)}/export`;
