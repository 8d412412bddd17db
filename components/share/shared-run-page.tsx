import type { ArchivedRun } from "@/lib/history/archive-schema";
import { shareFileNames } from "@/lib/history/share-files";
import { PanelBoundary } from "@/components/ui/panel-boundary";
import { OpenInPlayground } from "./open-in-playground";
import { SharedPageFrame, ShareFacts, utcText } from "./shared-page-frame";
import { SharedRunResult } from "./shared-run-result";
import { ShareFeedback } from "./share-feedback";

export const STATUS_WORDS: Record<ArchivedRun["status"], string> = {
  succeeded: "Succeeded",
  "no-image": "Answered without an image",
  job: "Answered with a job",
  "service-error": "Service error",
  refused: "Refused by the playground",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** A shared run, read-only: what was asked, how it went, then the same answer views as the playground. */
export function SharedRunPage({
  id,
  record,
  expiresAt,
  author,
  signedInAs,
  endpoints,
}: {
  id: string;
  record: ArchivedRun;
  expiresAt: Date | null;
  /** Who shared it, when people sign in with a provider. */
  author: string | null;
  /** The viewer's name when signed in with a provider: their feedback carries it. */
  signedInAs: string | null;
  endpoints: readonly string[];
}) {
  const { request } = record;
  return (
    <SharedPageFrame kind="shared run" endpoints={endpoints} action={<OpenInPlayground request={request} />}>
      <section aria-label="Shared request" className="flex flex-col gap-3">
        <h1 className="text-xl leading-snug font-semibold break-words whitespace-pre-wrap">{request.prompt}</h1>
        <ShareFacts
          facts={[
            ["Model", request.model],
            ["Ratio", request.aspect_ratio],
            ["Status", `${STATUS_WORDS[record.status]} · ${record.statusText}`],
            ["Duration", `${(record.durationMs / 1000).toFixed(1)} s`],
            ["Made", utcText(record.createdAt)],
            ...(author ? ([["By", author]] as [string, string][]) : []),
            ["Link expires", expiresAt ? utcText(expiresAt) : "Never"],
          ]}
        />
        {request.extra && <p className="font-mono text-xs break-all text-muted">Extra fields: {JSON.stringify(request.extra)}</p>}
      </section>
      <section aria-label="Result" className="min-w-0">
        <PanelBoundary panel="The shared result">
          <SharedRunResult id={id} record={record} fileNames={shareFileNames(record)} />
        </PanelBoundary>
      </section>
      <ShareFeedback shareId={id} signedInAs={signedInAs} />
    </SharedPageFrame>
  );
}
