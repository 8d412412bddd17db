"use client";

import { useRouter } from "next/navigation";
import { AccountPageHeader } from "@/components/access/account-page-header";
import { useNow } from "@/components/ui/use-now";
import { listBatches } from "@/lib/browser/batches/batch-client";
import { isUnfinished, type BatchSummary } from "@/lib/batches/batch-types";
import { BatchProgress } from "./batch-progress";
import { NewBatchForm, type BatchFormSettings } from "./new-batch-form";
import { useLiveValue } from "./use-live-value";

/** How often the list is read again while a batch is under way. */
const LIVE_EVERY_MS = 1000;

/**
 * The Batches page: a new batch from a CSV or a paste, and the person's batches, live while any
 * is under way (each runs on the server, page open or not).
 */
export function BatchesPage({ initial, settings, who }: { initial: BatchSummary[]; settings: BatchFormSettings; who: string }) {
  const router = useRouter();
  const [batches, setBatches] = useLiveValue(
    initial,
    async (signal) => {
      const read = await listBatches(signal);
      return read.ok ? read.value : null;
    },
    (current) => current.some((batch) => isUnfinished(batch.state)),
    LIVE_EVERY_MS,
  );
  const now = useNow(
    1000,
    batches.some((batch) => batch.state === "running"),
  );
  const refresh = async () => {
    const read = await listBatches();
    if (read.ok) setBatches(read.value);
  };
  return (
    <div className="min-h-screen">
      <AccountPageHeader title="Batches" who={who} />
      <main className="mx-auto flex max-w-5xl flex-col gap-8 p-4 lg:p-6">
        <section aria-labelledby="new-batch" className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
          <h2 id="new-batch" className="mb-1 text-base font-semibold">
            New batch
          </h2>
          <p className="mb-4 text-sm text-muted">
            Each row is one request. The server sends them all, with this page closed too, and keeps every run in your library.
          </p>
          <NewBatchForm settings={settings} onMade={(id) => router.push(`/batches/${encodeURIComponent(id)}`)} />
        </section>
        <section aria-labelledby="your-batches" className="flex flex-col gap-3">
          <h2 id="your-batches" className="text-base font-semibold">
            Your batches
          </h2>
          {batches.length === 0 ? (
            <p className="text-sm text-muted">No batches yet.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {batches.map((batch) => (
                <li key={batch.id} data-testid="batch-item" className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
                  <BatchProgress batch={batch} now={now} headingLevel={3} onChanged={() => void refresh()} />
                  <a href={`/batches/${encodeURIComponent(batch.id)}`} className="mt-2 inline-block text-sm underline">
                    Open {batch.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </div>
  );
}
