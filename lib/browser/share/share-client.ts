import { archivedRunFiles } from "@/lib/browser/history/archived-run-files";
import { withoutVerdict } from "@/lib/history/verdict";
import type { HistoryRun } from "@/lib/history/history-types";
import { gridCellPrefix, prefixRunFiles, shareKeyOfGrid } from "@/lib/history/share-files";
import { FILE_REFERENCE_PREFIX } from "@/lib/history/archive-format";
import { problemSchema } from "@/lib/request/problem-schema";
import { ownerToken, remember, type MadeShare } from "./made-shares";

/** The browser's side of sharing: the calls to the share routes (what the browser keeps of its shares is in made-shares.ts). */

export type ShareExpiry = "never" | "1" | "7" | "30";
export type ShareOutcome = { ok: true; share: MadeShare } | { ok: false; message: string };
/** What is shared: one run, or the saved cells of one grid. */
export type ShareSource = { kind: "run"; run: HistoryRun } | { kind: "grid"; cells: HistoryRun[] };

export async function problemMessage(response: Response): Promise<string> {
  try {
    const problem = problemSchema.parse(await response.json());
    return [problem.title, problem.detail].filter(Boolean).join(": ");
  } catch {
    return `The playground answered ${response.status}.`;
  }
}

/** The form the share route reads: the record (a run, or a grid's cells) and every file it names. */
async function shareForm(source: ShareSource, expires: ShareExpiry): Promise<{ form: FormData; key: string }> {
  const form = new FormData();
  form.set("ownerToken", ownerToken());
  form.set("expires", expires);
  form.set("kind", source.kind);
  const runs = source.kind === "run" ? [source.run] : source.cells;
  const records = [];
  const files: { data: Blob; name: string }[] = [];
  for (const [position, run] of runs.entries()) {
    const prefix = source.kind === "grid" ? gridCellPrefix(position) : "";
    // The sharer's own ratings and notes stay in their history.
    const { entries, archived } = await archivedRunFiles(withoutVerdict(run));
    records.push(prefixRunFiles(archived, prefix));
    for (const entry of entries) {
      // The record itself travels as one field; request.json repeats what it holds.
      if (entry.name === "run.json" || entry.name === "request.json") continue;
      let data = entry.data;
      if (
        prefix &&
        archived.outcome.kind === "service" &&
        entry.name === archived.outcome.answerFile &&
        archived.outcome.packed.length > 0
      ) {
        // Not Blob.text(): it drops a leading byte-order mark, and the answer must stay byte for byte.
        const text = data instanceof Blob ? await data.text() : new TextDecoder("utf-8", { ignoreBOM: true }).decode(data);
        data = renameFileReferences(text, archived.outcome.packed, prefix);
      }
      files.push({ data: data instanceof Blob ? data : new Blob([data as Uint8Array<ArrayBuffer>]), name: prefix + entry.name });
    }
  }
  // The server streams each file to storage as it arrives, checking it against the record: the record goes first.
  form.set("record", JSON.stringify(source.kind === "run" ? records[0] : { cells: records }));
  for (const file of files) form.append("file", file.data, file.name);
  const key = source.kind === "run" ? source.run.id : shareKeyOfGrid(source.cells[0]?.group?.id ?? "");
  return { form, key };
}

/** The answer's references to its packed images, renamed with the cell's prefix as their files are. */
function renameFileReferences(text: string, packed: readonly { file: string }[], prefix: string): Uint8Array<ArrayBuffer> {
  let renamed = text;
  for (const { file } of packed) {
    renamed = renamed.split(`"${FILE_REFERENCE_PREFIX}${file}"`).join(`"${FILE_REFERENCE_PREFIX}${prefix}${file}"`);
  }
  return new TextEncoder().encode(renamed);
}

export async function createShare(source: ShareSource, expires: ShareExpiry): Promise<ShareOutcome> {
  const { form, key } = await shareForm(source, expires);
  let response: Response;
  try {
    response = await fetch("/api/shares", { method: "POST", body: form });
  } catch {
    return { ok: false, message: "The playground could not be reached. Check the connection and try again." };
  }
  if (!response.ok) return { ok: false, message: await problemMessage(response) };
  const share = (await response.json()) as MadeShare;
  remember(key, { id: share.id, path: share.path, expiresAt: share.expiresAt });
  return { ok: true, share };
}

export async function stopSharing(key: string, share: MadeShare): Promise<{ ok: true } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await fetch(`/api/shares/${encodeURIComponent(share.id)}`, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ownerToken: ownerToken() }),
    });
  } catch {
    return { ok: false, message: "The playground could not be reached. Check the connection and try again." };
  }
  // Already gone (stopped elsewhere, or purged): this browser forgets it too.
  if (response.ok || response.status === 404) {
    remember(key, null);
    return { ok: true };
  }
  return { ok: false, message: await problemMessage(response) };
}
