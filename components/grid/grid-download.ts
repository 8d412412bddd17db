"use client";

import { slugify } from "@/lib/utils/file-names";
import { summariseCell } from "@/lib/grid/cell-summary";
import type { GridPlan } from "@/lib/grid/grid-plan";
import { toCsv } from "@/lib/history/runs-csv";
import { zipToBlob, type ZipEntry } from "@/lib/browser/zip/zip-writer";
import { bytesOf, extensionOf, saveBlob } from "@/lib/browser/image-actions";
import type { GridCellView } from "./use-grid-runner";

/** Every cell's image in one zip, named by its place in the grid, with index.csv saying what each is. */
export async function downloadGrid(plan: GridPlan, cells: readonly GridCellView[]): Promise<string> {
  const entries: ZipEntry[] = [];
  const rows: (string | number)[][] = [];
  for (const cell of plan.cells) {
    const outcome = cells[cell.index]?.outcome;
    const summary = outcome ? summariseCell(outcome) : null;
    let file = "";
    if (summary?.kind === "image") {
      const blob = await bytesOf(summary.image);
      if (blob) {
        const swept = cell.extra ? Object.entries(cell.extra).map(([name, value]) => `${name} ${JSON.stringify(value)}`) : [];
        const slug = slugify([cell.model, cell.aspect_ratio.replace(":", "x"), ...swept].join(" "), 60);
        file = `cell-${String(cell.index + 1).padStart(2, "0")}-${slug}.${extensionOf(blob)}`;
        entries.push({ name: file, data: blob });
      }
    }
    const status = !summary
      ? "not run"
      : summary.kind === "image"
        ? String(summary.status)
        : `${summary.title}${summary.status !== null ? ` (${summary.status})` : ""}`;
    const extra = cell.extra ? JSON.stringify(cell.extra) : "";
    rows.push([
      cell.index + 1,
      cell.prompt,
      cell.model,
      cell.aspect_ratio,
      extra,
      status,
      summary ? Math.round(summary.durationMs) : "",
      file,
    ]);
  }
  entries.push({
    name: "index.csv",
    data: new TextEncoder().encode(
      toCsv(["cell", "prompt", "model", "aspect_ratio", "extra_fields", "status", "duration_ms", "file"], rows),
    ),
  });
  saveBlob(await zipToBlob(entries), "grid.zip");
  const images = entries.length - 1;
  return `Saved ${images} image${images === 1 ? "" : "s"} of ${plan.cells.length} cells, with index.csv.`;
}
