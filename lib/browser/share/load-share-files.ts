import type { ArchivedRun } from "@/lib/history/archive-schema";
import type { HistoryRun } from "@/lib/history/history-types";
import { rebuildRun } from "@/lib/history/rebuild-run";
import { shareFileNames, shareFileUrl } from "@/lib/history/share-files";

/**
 * A share's files, fetched all at once (the browser spreads them over its connections), and its
 * runs rebuilt from them as history would: the playground's own views then show them unchanged.
 */
export async function loadSharedRun(id: string, record: ArchivedRun, signal: AbortSignal): Promise<HistoryRun> {
  const [run] = await loadSharedRuns(id, [record], shareFileNames(record), signal);
  if (!run) throw new Error("The share holds no run.");
  return run;
}

export async function loadSharedRuns(id: string, records: ArchivedRun[], fileNames: string[], signal: AbortSignal): Promise<HistoryRun[]> {
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  await Promise.all(
    fileNames.map(async (name) => {
      const response = await fetch(shareFileUrl(id, name), { signal });
      if (!response.ok) throw new Error(`${name} could not be loaded (${response.status}).`);
      files.set(name, new Uint8Array(await response.arrayBuffer()));
    }),
  );
  return records.map((record) => {
    const run = rebuildRun(record, (name) => files.get(name));
    if (typeof run === "string") throw new Error(`The share is incomplete: ${run}.`);
    return run;
  });
}
