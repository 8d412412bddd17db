import type { CollectionEntry } from "@/lib/library/collection-types";
import { smallPictureOf, type LibraryFile } from "@/lib/library/library-types";

/** A run on a collection is named by its author and id (two people's runs may share an id). */
export const entryKey = (entry: Pick<CollectionEntry, "author" | "id">) => `${entry.author}/${entry.id}`;

/**
 * The file to show for a run: "small" prefers a thumbnail (the server's, else the browser's), "full" the
 * first image of its answer (when the run is opened). null: the run has no picture.
 */
export function pictureOf(entry: CollectionEntry, size: "small" | "full"): LibraryFile | null {
  const run = entry.record;
  if (!run) return null;
  const byName = (name: string | null | undefined) => (name ? (entry.files.find((file) => file.name === name) ?? null) : null);
  const outcome = run.outcome;
  const image = outcome.kind === "service" ? byName(outcome.packed[0]?.file ?? outcome.remote[0]?.file) : null;
  return size === "small" ? (smallPictureOf(entry) ?? image) : (image ?? smallPictureOf(entry));
}
