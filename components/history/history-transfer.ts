"use client";

import { buildHistoryArchive } from "@/lib/browser/history/history-export";
import { importHistoryArchive, type ImportResult } from "@/lib/browser/history/history-import";
import type { HistoryRun } from "@/lib/history/history-types";
import { makeZip } from "@/lib/zip";
import { saveBlob } from "@/lib/browser/image-actions";

/** Export and import, loaded only when someone uses them. */

export async function downloadHistoryArchive(runs: readonly HistoryRun[]): Promise<void> {
  const zip = makeZip(await buildHistoryArchive(runs));
  saveBlob(
    new Blob([zip], { type: "application/zip" }),
    `playground-history-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.zip`,
  );
}

export async function readHistoryArchive(file: File): Promise<ImportResult> {
  try {
    return await importHistoryArchive(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return { ok: false, message: `${file.name} could not be read.` };
  }
}
