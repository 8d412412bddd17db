import { slugify } from "@/lib/utils/file-names";
import { sha256Hex } from "@/lib/browser/zip/checksum";
import type { ZipEntry } from "@/lib/browser/zip/zip-writer";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from "@/lib/history/archive-format";
import type { ArchiveIndex } from "@/lib/history/archive-schema";
import { archivedRunFiles, json } from "./archived-run-files";
import { describeUsage } from "@/lib/answer/service-usage";
import { formatMoney } from "@/lib/answer/format-money";
import { estimateRunCost, NO_PRICES, type Prices } from "@/lib/request/prices";
import type { HistoryRun } from "@/lib/history/history-types";
import { toCsv } from "@/lib/history/runs-csv";

/**
 * Runs as the files of one zip: per run a folder with run.json (everything needed to import it
 * again), request.json, the answer, its images as files and a thumbnail; plus index.json and
 * index.csv with timings for a spreadsheet.
 */

function folderName(run: HistoryRun, index: number): string {
  const slug = slugify(run.request.prompt, 40) || "run";
  return `runs/${String(index + 1).padStart(3, "0")}-${slug}`;
}

/** The index names each run's folder for import, and repeats the summary for people reading it. */
type IndexEntry = ArchiveIndex["runs"][number] & Record<string, string | number | boolean>;

/** A run's estimated cost at IMAGE_PRICES, as "0.08 USD"; empty without a price or an image. */
function costCell(run: HistoryRun, prices: Prices): string {
  if (run.status !== "succeeded") return "";
  const cost = estimateRunCost(prices[run.request.model], { images: run.imageCount, usage: run.usage ?? null });
  return cost ? formatMoney(cost) : "";
}

export async function buildHistoryArchive(runs: readonly HistoryRun[], now = new Date(), prices: Prices = NO_PRICES): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const index: IndexEntry[] = [];
  const rows: (string | number | boolean)[][] = [];
  for (const [position, run] of runs.entries()) {
    const folder = folderName(run, position);
    const files = await archivedRunFiles(run, folder);
    entries.push(...files.entries);
    const createdAt = new Date(run.createdAt).toISOString();
    const { request } = run;
    index.push({
      id: run.id,
      folder,
      createdAt,
      model: request.model,
      prompt: request.prompt,
      aspect_ratio: request.aspect_ratio,
      status: run.status,
      statusText: run.statusText,
      durationMs: run.durationMs,
      imageCount: run.imageCount,
      starred: run.starred,
      rating: run.rating ?? "",
      picked: run.picked === true,
      serviceUrl: run.serviceUrl,
    });
    rows.push([
      createdAt,
      request.model,
      request.aspect_ratio,
      run.status,
      run.statusText,
      run.durationMs,
      run.imageCount,
      run.starred,
      run.rating ?? "",
      run.picked === true,
      run.note ?? "",
      run.serviceUrl,
      request.prompt,
      request.extra ? JSON.stringify(request.extra) : "",
      run.usage ? describeUsage(run.usage) : "",
      costCell(run, prices),
      run.author ?? "",
      folder,
    ]);
  }
  const header = [
    "created_at",
    "model",
    "aspect_ratio",
    "status",
    "status_text",
    "duration_ms",
    "image_count",
    "starred",
    "rating",
    "picked",
    "note",
    "service_url",
    "prompt",
    "extra_fields",
    "usage",
    "estimated_cost",
    "author",
    "folder",
  ];
  const csv: ZipEntry = { name: "index.csv", data: new TextEncoder().encode(toCsv(header, rows)) };
  // One file's bytes at a time are read to hash them; the archive itself is never built here.
  const checksums: Record<string, string> = {};
  for (const entry of [csv, ...entries]) checksums[entry.name] = await sha256Hex(entry.data);
  const indexFile: ArchiveIndex = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: now.toISOString(),
    runs: index,
    checksums,
  };
  return [{ name: "index.json", data: json(indexFile) }, csv, ...entries];
}
