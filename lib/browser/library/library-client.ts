import { archivedRunFiles } from "@/lib/browser/history/archived-run-files";
import { rebuildRun } from "@/lib/history/rebuild-run";
import type { HistoryRun } from "@/lib/history/history-types";
import { libraryPageSchema, SERVER_THUMBNAIL, type LibraryEntry, type LibraryPage, type LibraryVerdict } from "@/lib/library/library-types";
import { problemSchema } from "@/lib/request/problem-schema";

/**
 * The browser's calls to the library routes. Each settles to a tagged result instead of throwing:
 * `retry` says whether trying again later can help (offline, the server restarting or busy) or
 * not (the run refused, the library full or off), so the sync knows whether to keep the item.
 */

export type CallFailure = { ok: false; retry: boolean; status: number; message: string };
export type CallResult<T> = { ok: true; value: T } | CallFailure;

const OFFLINE: CallFailure = { ok: false, retry: true, status: 0, message: "The playground cannot be reached." };

async function failureOf(response: Response): Promise<CallFailure> {
  let message = `The playground answered ${response.status}.`;
  try {
    const problem = problemSchema.parse(await response.json());
    message = [problem.title, problem.detail].filter(Boolean).join(": ");
  } catch {
    // Not a problem body: the status says enough.
  }
  const retry = response.status >= 500 && response.status !== 507;
  return { ok: false, retry: retry || response.status === 408 || response.status === 429, status: response.status, message };
}

export async function call<T>(input: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<CallResult<T>> {
  let response: Response;
  try {
    response = await fetch(input, { cache: "no-store", ...init });
  } catch {
    return OFFLINE;
  }
  if (!response.ok) return failureOf(response);
  try {
    return { ok: true, value: await read(response) };
  } catch {
    return { ok: false, retry: true, status: response.status, message: "The playground's answer could not be read." };
  }
}

export const sendJson = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** Keeps a run in the library: its record (verdict included) and every file it names. */
export async function uploadRun(run: HistoryRun, verdictAt: number): Promise<CallResult<"kept" | "known" | "deleted">> {
  const { entries, archived } = await archivedRunFiles(run);
  const form = new FormData();
  form.set("record", JSON.stringify(archived));
  form.set("verdictAt", String(verdictAt));
  for (const entry of entries) {
    // The record travels as its own field; request.json repeats what it holds.
    if (entry.name === "run.json" || entry.name === "request.json") continue;
    const data = entry.data instanceof Blob ? entry.data : new Blob([entry.data as Uint8Array<ArrayBuffer>]);
    form.append("file", data, entry.name);
  }
  return call("/api/library/runs", { method: "POST", body: form }, async (response) => {
    const answer = (await response.json()) as { state?: unknown };
    if (answer.state === "kept" || answer.state === "known" || answer.state === "deleted") return answer.state;
    throw new Error("unexpected answer");
  });
}

const readPage = async (response: Response): Promise<LibraryPage> => libraryPageSchema.parse(await response.json()) as LibraryPage;

/** Changes after `cursor`, oldest first; with no cursor, only the cursor of the latest change. */
export function fetchChanges(cursor: string | null): Promise<CallResult<LibraryPage>> {
  const query = cursor === null ? "" : `?after=${encodeURIComponent(cursor)}`;
  return call(`/api/library/changes${query}`, {}, readPage);
}

/** The newest kept runs older than `before`, for a device that has not seen them. */
export function fetchNewest(before: { createdAt: number; id: string } | null, limit: number): Promise<CallResult<LibraryPage>> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set("before", `${before.createdAt}.${before.id}`);
  return call(`/api/library/runs?${query}`, {}, readPage);
}

/** A kept run, whole: its files fetched (each by its content hash, so the browser caches them) and put back together. */
export async function fetchRun(entry: LibraryEntry, fileUrl = libraryFileUrl): Promise<CallResult<HistoryRun>> {
  const record = entry.record;
  if (!record) return { ok: false, retry: false, status: 404, message: "The run was deleted." };
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  const fetched = await Promise.all(
    // The server's thumbnail is for lists, not part of the run.
    entry.files
      .filter((file) => file.name !== SERVER_THUMBNAIL)
      .map((file) =>
        call(fileUrl(file), {}, async (response) => ({
          name: file.name,
          bytes: new Uint8Array(await response.arrayBuffer()),
        })),
      ),
  );
  for (const result of fetched) {
    if (!result.ok) return result;
    files.set(result.value.name, result.value.bytes);
  }
  const run = rebuildRun(record, (name) => files.get(name));
  if (typeof run === "string") return { ok: false, retry: false, status: 0, message: `A run in your library could not be read: ${run}.` };
  return { ok: true, value: run };
}

export function sendVerdict(id: string, verdict: LibraryVerdict, at: number): Promise<CallResult<boolean>> {
  return call(`/api/library/runs/${encodeURIComponent(id)}/verdict`, sendJson("PUT", { verdict, at }), async (response) =>
    Boolean(((await response.json()) as { applied?: unknown }).applied),
  );
}

export function sendDeletes(which: readonly string[] | "all"): Promise<CallResult<number>> {
  const body = which === "all" ? { all: true } : { ids: which };
  return call("/api/library/runs", sendJson("DELETE", body), async (response) =>
    Number(((await response.json()) as { deleted?: unknown }).deleted),
  );
}

/** Which of these runs the library has (kept or deleted), so only the others are offered for upload. */
export function fetchKnown(ids: readonly string[]): Promise<CallResult<string[]>> {
  return call("/api/library/known", sendJson("POST", { ids }), async (response) => {
    const known = ((await response.json()) as { known?: unknown }).known;
    if (!Array.isArray(known)) throw new Error("unexpected answer");
    return known.filter((id): id is string => typeof id === "string");
  });
}

/** What the library's search takes: the history list's own filter, and where the last page ended. */
export type LibrarySearch = {
  text: string;
  model: string;
  ratio: string;
  status: string;
  starredOnly: boolean;
  minRating: number;
  pickedOnly: boolean;
  order: "newest" | "rating";
  /** Dates as the date inputs give them (YYYY-MM-DD, the day's start in this browser's zone), or "". */
  from: string;
  to: string;
  /** "mine": the person's library; "team": the runs on every collection they may see. */
  scope: "mine" | "team";
  /** Team view only: runs by this person (part of a name or email). */
  by: string;
};

export function searchLibrary(search: LibrarySearch, after: string | null, signal?: AbortSignal): Promise<CallResult<LibraryPage>> {
  const query = new URLSearchParams();
  const set = (name: string, value: string) => value && query.set(name, value);
  set("q", search.text.trim());
  set("model", search.model);
  set("ratio", search.ratio);
  set("status", search.status);
  set("starred", search.starredOnly ? "1" : "");
  set("rating", search.minRating > 0 ? String(search.minRating) : "");
  set("picked", search.pickedOnly ? "1" : "");
  set("order", search.order === "rating" ? "rating" : "");
  // A day as this browser sees it: from its first moment to the next day's.
  const dayStart = (day: string, offset = 0) => {
    const date = new Date(`${day}T00:00:00`);
    date.setDate(date.getDate() + offset);
    return Number.isFinite(date.getTime()) ? date.toISOString() : "";
  };
  set("from", search.from ? dayStart(search.from) : "");
  set("to", search.to ? dayStart(search.to, 1) : "");
  set("scope", search.scope === "team" ? "team" : "");
  set("by", search.scope === "team" ? search.by.trim() : "");
  set("after", after ?? "");
  return call(`/api/library/search?${query}`, { signal }, readPage);
}

/** A library file's address (its bytes never change: the browser caches them). */
export const libraryFileUrl = (file: { hash: string; name: string }) => `/api/library/files/${file.hash}/${encodeURIComponent(file.name)}`;

/** What the person keeps in the library, and the most they may. */
export function fetchUsage(): Promise<CallResult<{ runs: number; bytes: number; limitBytes: number }>> {
  return call("/api/library/usage", {}, async (response) => {
    const usage = (await response.json()) as { runs?: unknown; bytes?: unknown; limitBytes?: unknown };
    return { runs: Number(usage.runs), bytes: Number(usage.bytes), limitBytes: Number(usage.limitBytes) };
  });
}
