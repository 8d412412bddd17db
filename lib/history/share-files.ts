import type { ArchivedRun } from "./archive-schema";

/** A shared grid: every cell as history exports a run; cell n's files are named "c<n>-…". */
export type SharedGridRecord = { cells: ArchivedRun[] };

/** What a share holds: one run, or a grid's cells. */
export type SharedRecord = { kind: "run"; record: ArchivedRun } | { kind: "grid"; record: SharedGridRecord };

/** What a shared page shows: the record, and the share's own dates. */
export type SharedPage = SharedRecord & { id: string; expiresAt: Date | null };

/** The key a browser remembers a shared grid under (a shared run's is the run's own id). */
export const shareKeyOfGrid = (gridId: string) => `grid:${gridId}`;

/** A share file's address on this server (its file route). */
export const shareFileUrl = (shareId: string, name: string) =>
  `/api/shares/${encodeURIComponent(shareId)}/files/${encodeURIComponent(name)}`;

/** The prefix of a grid cell's files in a share (cells may all have an "answer.json"). */
export const gridCellPrefix = (position: number) => `c${position}-`;

/** A cell's run with its files renamed under its prefix. */
export function prefixRunFiles(run: ArchivedRun, prefix: string): ArchivedRun {
  const outcome =
    run.outcome.kind === "service"
      ? {
          ...run.outcome,
          answerFile: prefix + run.outcome.answerFile,
          packed: run.outcome.packed.map((image) => ({ ...image, file: prefix + image.file })),
          remote: run.outcome.remote.map((image) => ({ ...image, file: prefix + image.file })),
        }
      : run.outcome;
  return { ...run, thumbnailFile: run.thumbnailFile ? prefix + run.thumbnailFile : null, outcome };
}

/** The files a shared run names (its answer, images, thumbnail), in the order a page wants them. */
export function shareFileNames(record: ArchivedRun): string[] {
  const names: string[] = [];
  if (record.outcome.kind === "service") {
    names.push(record.outcome.answerFile);
    for (const image of [...record.outcome.packed, ...record.outcome.remote]) names.push(image.file);
  }
  if (record.thumbnailFile) names.push(record.thumbnailFile);
  return names;
}

/** The first image of a shared run (for a chat preview), or null when it has none. */
export function firstImageFile(record: ArchivedRun): string | null {
  if (record.outcome.kind !== "service") return null;
  return record.outcome.packed[0]?.file ?? record.outcome.remote[0]?.file ?? null;
}

/**
 * The file a shared grid cell's picture is in, known before its answer is read: its one kind of
 * image (only images packed from the answer, or only saved copies of URL images), else null, since
 * with both kinds the answer alone says which one comes first.
 */
export function cellPictureFile(record: ArchivedRun): string | null {
  const both = record.outcome.kind === "service" && record.outcome.packed.length > 0 && record.outcome.remote.length > 0;
  return both ? null : firstImageFile(record);
}

/** What a chat preview of a share shows: a title, a line about it, and its first image's file. */
export function sharePreview(shared: SharedRecord): { title: string; description: string; image: string | null } {
  if (shared.kind === "run") {
    const { request } = shared.record;
    return {
      title: request.prompt.slice(0, 200) || "Shared run",
      description: `${request.model} · ${request.aspect_ratio} · shared from the Image Prompt Playground`,
      image: firstImageFile(shared.record),
    };
  }
  const { cells } = shared.record;
  const prompts = new Set(cells.map((cell) => cell.request.prompt));
  const models = [...new Set(cells.map((cell) => cell.request.model))];
  const first = cells[0]?.request.prompt ?? "";
  return {
    title: `Grid: ${first.slice(0, 180)}${prompts.size > 1 ? ` (+${prompts.size - 1})` : ""}`,
    description: `${cells.length} cells · ${models.join(", ").slice(0, 200)} · shared from the Image Prompt Playground`,
    image: cells.map(firstImageFile).find((file) => file !== null) ?? null,
  };
}
