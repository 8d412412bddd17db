"use client";

import { buildHistoryArchive } from "@/lib/browser/history/history-export";
import { importHistoryArchive, type ImportResult } from "@/lib/browser/history/history-import";
import type { HistoryCaps, HistoryRun } from "@/lib/history/history-types";
import { zipToBlob } from "@/lib/browser/zip/zip-writer";
import { saveBlob } from "@/lib/browser/image-actions";
import type { Prices } from "@/lib/request/prices";

/** Export and import, loaded only when someone uses them. */

export async function downloadHistoryArchive(runs: readonly HistoryRun[], prices: Prices): Promise<void> {
  saveBlob(
    await zipToBlob(await buildHistoryArchive(runs, new Date(), prices)),
    `playground-history-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.zip`,
  );
}

export async function readHistoryArchive(file: File, caps: HistoryCaps): Promise<ImportResult> {
  try {
    return await importHistoryArchive(new Uint8Array(await file.arrayBuffer()), caps);
  } catch {
    return { ok: false, message: `${file.name} could not be read.` };
  }
}
