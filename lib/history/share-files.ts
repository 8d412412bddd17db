import type { ArchivedRun } from "./archive-schema";

/** What a shared run's page shows: the run as history exports it, and the share's own dates. */
export type SharedRun = { id: string; record: ArchivedRun; expiresAt: Date | null };

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
