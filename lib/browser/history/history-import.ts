import { imageTypeForFileName } from "@/lib/utils/file-names";
import { sha256Hex } from "@/lib/browser/zip/checksum";
import { readZip } from "@/lib/browser/zip/zip-reader";
import { archivedRunSchema, archiveIndexSchema, FILE_REFERENCE_PREFIX, type ArchivedRun } from "@/lib/history/archive-schema";
import type { HistoryRun, StoredOutcome } from "@/lib/history/history-types";
import { runSizeBytes } from "@/lib/history/record-run";

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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export async function importHistoryArchive(archive: Uint8Array<ArrayBuffer>): Promise<ImportResult> {
  const unzipped = readZip(archive);
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

/** The stored run, or why it cannot be rebuilt (from an import, or from a share's files). */
export function rebuildRun(archived: ArchivedRun, file: (name: string) => Uint8Array<ArrayBuffer> | undefined): HistoryRun | string {
  const blobOf = (name: string, type = "") => {
    const bytes = file(name);
    return bytes ? new Blob([bytes], { type }) : null;
  };
  let outcome: StoredOutcome;
  const archivedOutcome = archived.outcome;
  if (archivedOutcome.kind === "service") {
    let answer = file(archivedOutcome.answerFile);
    if (!answer) return `${archivedOutcome.answerFile} is missing`;
    const packed = [];
    for (const image of archivedOutcome.packed) {
      const blob = blobOf(image.file, imageTypeForFileName(image.file));
      if (!blob) return `${image.file} is missing`;
      packed.push({ prefix: image.prefix, blob });
    }
    const remote = [];
    for (const image of archivedOutcome.remote) {
      const blob = blobOf(image.file, imageTypeForFileName(image.file));
      if (blob) remote.push({ url: image.url, blob });
    }
    if (packed.length > 0) {
      // Back from file names to the markers the stored form uses (see answer-packing).
      let text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(answer);
      archivedOutcome.packed.forEach((image, position) => {
        text = text.replace(new RegExp(`"${escapeRegExp(FILE_REFERENCE_PREFIX + image.file)}"`), `"\u0000${position}\u0000"`);
      });
      answer = new TextEncoder().encode(text);
    }
    const body = new Blob([answer], { type: packed.length > 0 ? "text/plain" : archivedOutcome.exchange.contentType });
    outcome = { kind: "service", exchange: archivedOutcome.exchange, body, packed, remote };
  } else {
    outcome = archivedOutcome;
  }
  const { thumbnailFile, ...rest } = archived;
  const thumbnail = thumbnailFile ? blobOf(thumbnailFile, imageTypeForFileName(thumbnailFile)) : null;
  return { ...rest, thumbnail, outcome, sizeBytes: runSizeBytes(archived.request, outcome, thumbnail) };
}
