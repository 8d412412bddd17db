"use client";

import Link from "next/link";
import { useState } from "react";
import { AccountPageHeader } from "@/components/access/account-page-header";
import { buttonClass } from "@/components/ui/button";
import { useNow } from "@/components/ui/use-now";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";
import { batchExportUrl, batchRows, changeBatch, readBatch } from "@/lib/browser/batches/batch-client";
import { isUnfinished, type BatchRowView, type BatchSummary } from "@/lib/batches/batch-types";
import { CollectionResults } from "@/components/collections/collection-results";
import { BatchProgress } from "./batch-progress";
import { useLiveValue } from "./use-live-value";

const LIVE_EVERY_MS = 1000;
const ROWS_PAGE = 100;

const ROW_STATE_LABEL: Record<BatchRowView["state"], string> = {
  waiting: "Waiting",
  sending: "Sending",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

/**
 * One batch: its progress (live while it runs), its results (its collection's grid, review, arena,
 * zip), its rows a page at a time (all, or the failed ones with the service's answer), Retry failed
 * rows, and the CSV export.
 */
export function BatchDetailPage({ initial, viewer }: { initial: BatchSummary; viewer: { id: string; name: string } }) {
  const [batch, setBatch] = useLiveValue(
    initial,
    async (signal) => {
      const read = await readBatch(initial.id, signal);
      return read.ok ? read.value : null;
    },
    (current) => isUnfinished(current.state) || current.sending + current.recording > 0,
    LIVE_EVERY_MS,
  );
  const now = useNow(1000, batch.state === "running");
  const [filter, setFilter] = useState<"all" | "failed">("all");
  const [rows, setRows] = useState<{ rows: BatchRowView[]; more: boolean; problem: string | null }>({
    rows: [],
    more: false,
    problem: null,
  });
  const [retrying, setRetrying] = useState<string | null>(null);
  const finished = batch.done + batch.failed;
  // The results grid is read again when asked ("Show N new results") and once the batch has ended,
  // not under the person's eyes at every row.
  const [resultsAt, setResultsAt] = useState(initial.done);
  const ended = !isUnfinished(batch.state) && batch.sending + batch.recording === 0;
  // An ended batch's grid reads every result: after "Retry failed rows", new ones count from there.
  if (ended && resultsAt !== batch.done) setResultsAt(batch.done);
  const newResults = ended ? 0 : batch.done - resultsAt;

  // The rows again whenever the filter changes or more of the batch has ended.
  useAbortableEffect(
    (signal) => {
      void batchRows(batch.id, { after: -1, state: filter === "failed" ? "failed" : null, limit: ROWS_PAGE, signal }).then((read) => {
        if (signal.aborted) return;
        if (!read.ok) return setRows((current) => ({ ...current, problem: read.message }));
        setRows({ rows: read.value, more: read.value.length === ROWS_PAGE, problem: null });
      });
    },
    [batch.id, filter, finished],
  );

  const more = async () => {
    const last = rows.rows.at(-1);
    const read = await batchRows(batch.id, { after: last?.position ?? -1, state: filter === "failed" ? "failed" : null, limit: ROWS_PAGE });
    if (!read.ok) return setRows((current) => ({ ...current, problem: read.message }));
    setRows((current) => ({ rows: [...current.rows, ...read.value], more: read.value.length === ROWS_PAGE, problem: null }));
  };

  const retry = async () => {
    setRetrying("Sending the failed rows again…");
    const changed = await changeBatch(batch.id, "retry");
    if (!changed.ok) return setRetrying(changed.message);
    setRetrying(null);
    setBatch(changed.value);
  };

  return (
    <div className="min-h-screen">
      <AccountPageHeader title="Batch" who={viewer.name} />
      <main className="mx-auto flex max-w-5xl flex-col gap-6 p-4 lg:p-6">
        <section aria-label="Progress" className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
          <BatchProgress batch={batch} now={now} onChanged={setBatch} />
          <div className="mt-3 flex flex-wrap gap-2 border-t border-zinc-100 pt-3 dark:border-zinc-800">
            <a href={batchExportUrl(batch.id)} download className={buttonClass("secondary", "sm")}>
              Export CSV
            </a>
            {batch.failed > 0 && batch.state !== "cancelled" && (
              <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void retry()}>
                Retry failed rows ({batch.failed})
              </button>
            )}
            {batch.collectionId && (
              <a
                href={`/c/${encodeURIComponent(batch.collectionId)}`}
                className={buttonClass("secondary", "sm")}
                title="The results' collection: share it with the team or by a link"
              >
                Open as a collection
              </a>
            )}
            <Link href="/batches" className={buttonClass("secondary", "sm")}>
              All batches
            </Link>
          </div>
          {retrying && (
            <p role="status" className="mt-2 text-sm">
              {retrying}
            </p>
          )}
          {batch.hasWebhook && batch.webhookOutcome && <p className="mt-2 text-xs text-muted">Webhook: {batch.webhookOutcome}</p>}
        </section>
        {batch.collectionId && (
          <section aria-labelledby="batch-results" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="batch-results" className="mr-auto text-base font-semibold">
                Results
              </h2>
              {newResults > 0 && (
                <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setResultsAt(batch.done)}>
                  Show {newResults} new result{newResults === 1 ? "" : "s"}
                </button>
              )}
            </div>
            <CollectionResults
              collection={{ id: batch.collectionId, name: batch.name, role: "owner" }}
              viewerId={viewer.id}
              link={null}
              reload={ended ? `ended ${batch.done}` : resultsAt}
              emptyText={ended ? "No row made an image." : "The images appear here as rows finish."}
            />
          </section>
        )}
        <section aria-labelledby="batch-rows" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="batch-rows" className="text-base font-semibold">
              Rows
            </h2>
            <div role="radiogroup" aria-label="Rows shown" className="flex gap-1 text-sm">
              {(["all", "failed"] as const).map((choice) => (
                <label key={choice} className={buttonClass(filter === choice ? "primary" : "secondary", "sm")}>
                  <input
                    type="radio"
                    name="rows-shown"
                    className="sr-only"
                    checked={filter === choice}
                    onChange={() => setFilter(choice)}
                  />
                  {choice === "all" ? "All" : `Failed (${batch.failed})`}
                </label>
              ))}
            </div>
          </div>
          {rows.problem && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              The rows could not be read: {rows.problem}
            </p>
          )}
          <ol className="flex flex-col divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {rows.rows.map((row) => (
              <BatchRowItem key={row.position} row={row} />
            ))}
            {rows.rows.length === 0 && <li className="p-3 text-sm text-muted">{filter === "failed" ? "No failed rows." : "No rows."}</li>}
          </ol>
          {rows.more && (
            <button type="button" className={`${buttonClass("secondary", "sm")} self-start`} onClick={() => void more()}>
              Show more rows
            </button>
          )}
        </section>
      </main>
    </div>
  );
}

function BatchRowItem({ row }: { row: BatchRowView }) {
  const unknown = row.attempts.filter((attempt) => attempt.outcome === "unknown").length;
  return (
    <li data-testid="batch-row" data-state={row.state} className="flex flex-col gap-1 p-3 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-xs text-muted tabular-nums">Line {row.line}</span>
        <span className="min-w-0 flex-1 truncate">{row.prompt}</span>
        <span className="text-xs text-muted">
          {row.model} · {row.aspectRatio}
        </span>
        <span className={row.state === "failed" ? "font-medium text-red-700 dark:text-red-300" : "font-medium"}>
          {ROW_STATE_LABEL[row.state]}
        </span>
      </div>
      {(row.attempts.length > 1 || unknown > 0) && (
        <p className="text-xs text-muted">
          Sent {row.attempts.length === 1 ? "once" : `${row.attempts.length} times`}
          {unknown > 0
            ? `; ${unknown} attempt${unknown === 1 ? "'s" : "s'"} outcome unknown (the server stopped while it was in flight)`
            : ""}
          .
        </p>
      )}
      {row.state === "failed" && (
        <div className="text-xs">
          <p className="text-red-700 dark:text-red-300">{row.problem}</p>
          {row.answerText && (
            <details className="mt-1">
              <summary className="cursor-pointer">The service&apos;s answer</summary>
              <pre className="mt-1 max-h-48 overflow-auto rounded-lg bg-zinc-50 p-2 whitespace-pre-wrap dark:bg-zinc-900">
                {row.answerText}
              </pre>
            </details>
          )}
        </div>
      )}
    </li>
  );
}
