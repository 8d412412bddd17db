import { extensionForType } from "@/lib/utils/file-names";
import { verdictOf } from "@/lib/history/verdict";
import type { ZipEntry } from "@/lib/browser/zip/zip-writer";
import { FILE_REFERENCE_PREFIX } from "@/lib/history/archive-format";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import type { HistoryRun } from "@/lib/history/history-types";
import { blobBytes } from "@/lib/history/restore-run";

/*
 * Apart from the history export: the library's upload sends a run as these files too, and the
 * export's index and spreadsheet columns read answers' usage (the whole answer reader), which the
 * library's code, loaded with every page, has no use for.
 */

export const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

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
