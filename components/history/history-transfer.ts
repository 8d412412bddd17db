"use client";

import { buildHistoryArchive } from "@/lib/history/history-export";
import { importHistoryArchive, type ImportResult } from "@/lib/history/history-import";
import type { HistoryRun } from "@/lib/history/history-types";
import { makeZip } from "@/lib/zip";

/** Export and import, loaded only when someone uses them. */

export async function downloadHistoryArchive(runs: readonly HistoryRun[]): Promise<void> {
  const zip = makeZip(await buildHistoryArchive(runs));
  const url = URL.createObjectURL(new Blob([zip], { type: "application/zip" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `playground-history-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.zip`;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function readHistoryArchive(file: File): Promise<ImportResult> {
  try {
    return await importHistoryArchive(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return { ok: false, message: `${file.name} could not be read.` };
  }
}
