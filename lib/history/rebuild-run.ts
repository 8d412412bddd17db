import { imageTypeForFileName } from "@/lib/utils/file-names";
import { FILE_REFERENCE_PREFIX } from "./archive-format";
import type { ArchivedRun } from "./archive-schema";
import type { HistoryRun, StoredOutcome } from "./history-types";
import { runSizeBytes } from "./record-run";

/**
 * A run as history stores it, from the files the export writes (an imported zip, or a share's
 * files): no zip code here, so a shared page loads without it.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The stored run, or why it cannot be rebuilt (from an import, or from a share's files). */
export function rebuildRun(archived: ArchivedRun, file: (name: string) => Uint8Array<ArrayBuffer> | undefined): HistoryRun | string {
  const blobOf = (name: string, type = "") => {
    const bytes = file(name);
    return bytes ? new Blob([bytes], { type }) : null;
  };
  let outcome: StoredOutcome;
  const archivedOutcome = archived.outcome;
  if (archivedOutcome.kind === "service") {
    let answer = file(archivedOutcome.answerFile);
    if (!answer) return `${archivedOutcome.answerFile} is missing`;
    const packed = [];
    for (const image of archivedOutcome.packed) {
      const blob = blobOf(image.file, imageTypeForFileName(image.file));
      if (!blob) return `${image.file} is missing`;
      packed.push({ prefix: image.prefix, blob });
    }
    const remote = [];
    for (const image of archivedOutcome.remote) {
      const blob = blobOf(image.file, imageTypeForFileName(image.file));
      if (blob) remote.push({ url: image.url, blob });
    }
    if (packed.length > 0) {
      // Back from file names to the markers the stored form uses (see answer-packing).
      let text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(answer);
      archivedOutcome.packed.forEach((image, position) => {
        text = text.replace(new RegExp(`"${escapeRegExp(FILE_REFERENCE_PREFIX + image.file)}"`), `"\u0000${position}\u0000"`);
      });
      answer = new TextEncoder().encode(text);
    }
    const body = new Blob([answer], { type: packed.length > 0 ? "text/plain" : archivedOutcome.exchange.contentType });
    outcome = { kind: "service", exchange: archivedOutcome.exchange, body, packed, remote };
  } else {
    outcome = archivedOutcome;
  }
  const { thumbnailFile, ...rest } = archived;
  const thumbnail = thumbnailFile ? blobOf(thumbnailFile, imageTypeForFileName(thumbnailFile)) : null;
  return { ...rest, thumbnail, outcome, sizeBytes: runSizeBytes(archived.request, outcome, thumbnail) };
}
