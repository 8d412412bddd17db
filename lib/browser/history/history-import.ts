import { sha256Hex } from "@/lib/browser/zip/checksum";
import { readZip } from "@/lib/browser/zip/zip-reader";
import { archivedRunSchema, archiveIndexSchema } from "@/lib/history/archive-schema";
import type { HistoryCaps, HistoryRun } from "@/lib/history/history-types";
import { rebuildRun } from "@/lib/history/rebuild-run";

/**
 * Reads an exported history zip back into runs. Nothing is stored here: the caller adds the runs,
 * so a bad file can never touch what history already holds.
 */

export type ImportResult = { ok: true; runs: HistoryRun[]; skipped: string[] } | { ok: false; message: string };

const FOREIGN = "This zip was not exported by the playground's history (it has no index.json of the right kind).";

function parseJson(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** Files an export writes per run at most (run.json, the answer, its images, a thumbnail…), and a few of its own. */
const FILES_PER_RUN = 64;
const ARCHIVE_OWN_FILES = 16;

export async function importHistoryArchive(archive: Uint8Array<ArrayBuffer>, caps: HistoryCaps): Promise<ImportResult> {
  // A history can hold maxRuns runs in maxBytes: an archive past that is refused from its directory alone.
  const unzipped = readZip(archive, { maxEntries: caps.maxRuns * FILES_PER_RUN + ARCHIVE_OWN_FILES, maxUnpackedBytes: caps.maxBytes });
  if (!unzipped.ok) return unzipped;
  const { files } = unzipped;
  const index = archiveIndexSchema.safeParse(parseJson(files.get("index.json")));
  if (!index.success) return { ok: false, message: FOREIGN };
  const damaged = await firstDamagedFile(files, index.data.checksums ?? {});
  if (damaged) return { ok: false, message: `This zip archive is damaged: ${damaged} does not match its checksum.` };
  const runs: HistoryRun[] = [];
  const skipped: string[] = [];
  for (const entry of index.data.runs) {
    const file = (name: string) => files.get(`${entry.folder}/${name}`);
    const parsed = archivedRunSchema.safeParse(parseJson(file("run.json")));
    if (!parsed.success) {
      skipped.push(`${entry.folder}: run.json is missing or not in the expected form`);
      continue;
    }
    const rebuilt = rebuildRun(parsed.data, file);
    if (typeof rebuilt === "string") skipped.push(`${entry.folder}: ${rebuilt}`);
    else runs.push(rebuilt);
  }
  if (runs.length === 0 && skipped.length > 0) return { ok: false, message: `No run in this zip could be read. ${skipped[0] ?? ""}` };
  return { ok: true, runs, skipped };
}

/** A file whose bytes differ from the export's checksum (files that are missing are named per run). */
async function firstDamagedFile(files: Map<string, Uint8Array>, checksums: Record<string, string>): Promise<string | null> {
  for (const [name, expected] of Object.entries(checksums)) {
    const bytes = files.get(name);
    if (bytes && (await sha256Hex(bytes)) !== expected) return name;
  }
  return null;
}
