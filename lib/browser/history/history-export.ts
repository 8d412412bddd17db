import { extensionForType, slugify } from "@/lib/utils/file-names";
import { verdictOf } from "@/lib/history/verdict";
import { sha256Hex } from "@/lib/browser/zip/checksum";
import type { ZipEntry } from "@/lib/browser/zip/zip-writer";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, FILE_REFERENCE_PREFIX, type ArchivedRun, type ArchiveIndex } from "@/lib/history/archive-schema";
import { describeUsage, formatMoney } from "@/lib/answer/service-usage";
import { estimateRunCost, NO_PRICES, type Prices } from "@/lib/request/prices";
import type { HistoryRun } from "@/lib/history/history-types";
import { blobBytes } from "@/lib/history/restore-run";
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

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/**
 * One run as files: run.json (what import and a share read back), request.json, the answer, its
 * images and a thumbnail; inside `folder` when given (a zip), else bare names (a share).
 */
export async function archivedRunFiles(run: HistoryRun, folder = ""): Promise<{ entries: ZipEntry[]; archived: ArchivedRun }> {
  const at = (name: string) => (folder ? `${folder}/${name}` : name);
  const entries: ZipEntry[] = [{ name: at("request.json"), data: json(run.request) }];
  let thumbnailFile: string | null = null;
  if (run.thumbnail) {
    thumbnailFile = `thumbnail.${extensionForType(run.thumbnail.type, "bin")}`;
    entries.push({ name: at(thumbnailFile), data: run.thumbnail });
  }
  const stored = run.outcome;
  let outcome: ArchivedRun["outcome"];
  if (stored.kind === "service") {
    let imageNumber = 0;
    const imageFile = (mime: string) => `image-${++imageNumber}.${extensionForType(mime, "bin")}`;
    const packed = stored.packed.map((image) => ({ prefix: image.prefix, file: imageFile(image.blob.type), blob: image.blob }));
    const remote = stored.remote.map((image) => ({ url: image.url, file: imageFile(image.blob.type), blob: image.blob }));
    let answer = await blobBytes(stored.body);
    let answerFile = `answer.${extensionForType(stored.exchange.contentType, "bin")}`;
    if (packed.length > 0) {
      // Where each image was, its file's name: the JSON stays readable and a quarter of the size.
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(answer);
      answer = new TextEncoder().encode(
        text.replace(/\u0000(\d+)\u0000/g, (whole, index: string) =>
          packed[Number(index)] ? `${FILE_REFERENCE_PREFIX}${packed[Number(index)]?.file}` : whole,
        ),
      );
      answerFile = "answer.json";
    }
    entries.push({ name: at(answerFile), data: answer });
    // Images stay Blobs: the zip writer reads them one chunk at a time.
    for (const image of [...packed, ...remote]) entries.push({ name: at(image.file), data: image.blob });
    outcome = {
      kind: "service",
      exchange: stored.exchange,
      answerFile,
      packed: packed.map(({ prefix, file }) => ({ prefix, file })),
      remote: remote.map(({ url, file }) => ({ url, file })),
    };
  } else {
    outcome = stored;
  }
  const archived: ArchivedRun = {
    id: run.id,
    ...(run.group ? { group: run.group } : {}),
    createdAt: run.createdAt,
    ...(run.author ? { author: run.author } : {}),
    request: run.request,
    status: run.status,
    statusText: run.statusText,
    durationMs: run.durationMs,
    serviceUrl: run.serviceUrl,
    imageCount: run.imageCount,
    ...(run.usage ? { usage: run.usage } : {}),
    starred: run.starred,
    ...verdictOf(run),
    warnings: run.warnings,
    thumbnailFile,
    thumbnailUrl: run.thumbnailUrl,
    outcome,
  };
  entries.push({ name: at("run.json"), data: json(archived) });
  return { entries, archived };
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
