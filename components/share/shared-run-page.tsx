import Link from "next/link";
import { sharedQuery } from "@/lib/request/share-link";
import { shareFileNames, type SharedRun } from "@/lib/history/share-files";
import { SharedRunResult } from "./shared-run-result";

const STATUS_WORDS: Record<SharedRun["record"]["status"], string> = {
  succeeded: "Succeeded",
  "no-image": "Answered without an image",
  job: "Answered with a job",
  "service-error": "Service error",
  refused: "Refused by the playground",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** Dates on a shared page are the server's, shown in UTC: everyone who opens the link reads the same. */
const utcDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A shared run, read-only: what was asked, how it went, then the same answer views as the playground. */
export function SharedRunPage({ share }: { share: SharedRun }) {
  const { record } = share;
  const { request } = record;
  const openQuery = sharedQuery({
    model: request.model,
    prompt: request.prompt,
    aspect_ratio: request.aspect_ratio,
    ...(request.extra ? { extra: JSON.stringify(request.extra) } : {}),
  });
  const facts: [string, string][] = [
    ["Model", request.model],
    ["Ratio", request.aspect_ratio],
    ["Status", `${STATUS_WORDS[record.status]} · ${record.statusText}`],
    ["Duration", `${(record.durationMs / 1000).toFixed(1)} s`],
    ["Made", `${utcDateTime.format(record.createdAt)} UTC`],
    ["Link expires", share.expiresAt ? `${utcDateTime.format(share.expiresAt)} UTC` : "Never"],
  ];
  return (
    <div className="mx-auto flex min-h-dvh max-w-[1200px] flex-col">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 lg:px-6 dark:border-zinc-800">
        <p className="text-lg font-semibold tracking-tight">
          <Link href="/" className="hover:underline">
            Image Prompt Playground
          </Link>
          <span className="font-normal text-muted"> · shared run</span>
        </p>
        <a
          href={`/?${openQuery}`}
          className="rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
          title="Fills the playground's form with this run's request; nothing runs until you press Generate"
        >
          Open in playground
        </a>
      </header>
      <main className="flex flex-col gap-6 p-4 lg:p-6">
        <section aria-label="Shared request" className="flex flex-col gap-3">
          <h1 className="text-xl leading-snug font-semibold break-words whitespace-pre-wrap">{request.prompt}</h1>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
            {facts.map(([term, value]) => (
              <div key={term} className="min-w-0">
                <dt className="text-xs font-medium tracking-wide text-muted uppercase">{term}</dt>
                <dd className="truncate" title={value}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {request.extra && <p className="font-mono text-xs break-all text-muted">Extra fields: {JSON.stringify(request.extra)}</p>}
        </section>
        <section aria-label="Result" className="min-w-0">
          <SharedRunResult id={share.id} record={record} fileNames={shareFileNames(record)} />
        </section>
      </main>
    </div>
  );
}

/** The page when the library cannot show this share (its database is down, or the share expired). */
export function ShareUnavailable({ detail }: { detail: string }) {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-800 dark:bg-amber-950/40">
        <h1 className="text-xl font-semibold">This shared run cannot be shown</h1>
        <p className="mt-2 text-sm">{detail}</p>
        <p className="mt-4 text-sm">
          <Link href="/" className="dark:text-accent-300 font-medium text-accent-700 underline">
            Go to the playground
          </Link>
        </p>
      </div>
    </main>
  );
}
