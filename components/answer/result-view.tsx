"use client";

import { useId, useMemo } from "react";
import { parseAspectRatio } from "@/lib/request/aspect-ratio";
import type { GenerationRequest } from "@/lib/request/generation-request";
import { formatBytes } from "@/lib/utils/format-bytes";
import { useInterpretedAnswer } from "./use-interpreted-answer";
import { describeUsage, usageOfBody } from "@/lib/answer/service-usage";
import { formatMoney } from "@/lib/answer/format-money";
import { estimateRunCost } from "@/lib/request/prices";
import { usePrices } from "@/components/ui/prices-context";
import { jobOfAnswer } from "@/lib/answer/job-status";
import { pollPaceMs } from "@/lib/answer/retry-after";
import { throughPlayground } from "@/lib/browser/image-through-playground";
import type { SavedImages } from "@/lib/history/restore-run";
import type { InterpretedAnswer } from "@/lib/answer/interpret-answer";
import type { RunOutcome, ServiceExchange } from "@/lib/answer/run-outcome";
import { AnswerScope } from "./answer-scope";
import { ExchangePanel } from "./exchange-panel";
import { ImageGallery } from "./image-gallery";
import { JobFollower } from "./job-follower";
import type { JobFollow } from "@/components/run/use-job-follower";
import { useConfirmedImages } from "./use-confirmed-images";
import { JobNotice } from "./job-notice";
import { FailedBanner, ProblemBanner, ServiceErrorBanner } from "./outcome-banners";
import { RawAnswer } from "./raw-answer";
import { PanelBoundary, rawTextOf } from "@/components/ui/panel-boundary";

const NO_SAVED_IMAGES: SavedImages = new Map();

export function ResultView({
  request,
  outcome,
  savedImages = NO_SAVED_IMAGES,
  jobs,
  readOnly = false,
}: {
  request: GenerationRequest;
  outcome: RunOutcome;
  savedImages?: SavedImages;
  /** Following a job answer; without it (a poll's own answer) none is offered. */
  jobs?: JobFollow;
  /** A generation shown where nothing can be followed (a shared page): its request is still shown. */
  readOnly?: boolean;
}) {
  if (outcome.kind === "cancelled") {
    return (
      <div className="rounded-2xl border border-zinc-200 p-5 text-sm dark:border-zinc-800" role="status">
        <p className="font-medium">Cancelled after {(outcome.totalMs / 1000).toFixed(1)} s.</p>
        <p className="mt-1 text-muted">The request to the service was closed. Your settings are still in the form.</p>
      </div>
    );
  }
  if (outcome.kind === "failed") return <FailedBanner message={outcome.message} />;
  if (outcome.kind === "problem") {
    return (
      <div className="flex flex-col gap-4">
        <ProblemBanner problem={outcome.problem} status={outcome.status} />
        <ExchangePanel request={request} url={outcome.url} />
      </div>
    );
  }
  return (
    <PanelBoundary panel="The answer view" raw={rawTextOf(outcome.exchange.bytes)}>
      <ServiceResult
        request={request}
        exchange={outcome.exchange}
        jobs={jobs ?? null}
        requestShown={jobs !== undefined || readOnly}
        savedImages={savedImages}
      />
    </PanelBoundary>
  );
}

/**
 * A service's answer; `jobs` offers to poll a job answer (null where none can be followed), and
 * `requestShown` is false inside a poll's own answer (a GET without a body).
 */
function ServiceResult({
  request,
  exchange,
  jobs,
  requestShown,
  savedImages = NO_SAVED_IMAGES,
}: {
  request: GenerationRequest;
  exchange: ServiceExchange;
  jobs: JobFollow | null;
  requestShown: boolean;
  savedImages?: SavedImages;
}) {
  const read = useInterpretedAnswer(exchange);
  if (!read) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status" data-testid="reading-answer">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-accent-500" />
        Reading the answer ({formatBytes(exchange.bytes.length)})…
      </p>
    );
  }
  return (
    <ServiceResultView
      request={request}
      exchange={exchange}
      jobs={jobs}
      requestShown={requestShown}
      savedImages={savedImages}
      read={read}
    />
  );
}

function ServiceResultView({
  request,
  exchange,
  jobs,
  requestShown,
  savedImages,
  read,
}: {
  request: GenerationRequest;
  exchange: ServiceExchange;
  jobs: JobFollow | null;
  requestShown: boolean;
  savedImages: SavedImages;
  read: InterpretedAnswer;
}) {
  const interpreted = useMemo(
    () => withImageRoutes(withSavedCopies(read, savedImages), exchange.imageGrants),
    [read, savedImages, exchange.imageGrants],
  );
  const confirmed = useConfirmedImages(interpreted.uncertain);
  const answer = useMemo(() => ({ ...interpreted, images: [...interpreted.images, ...confirmed] }), [interpreted, confirmed]);
  const job = useMemo(() => jobOfAnswer(answer.body, exchange), [answer, exchange]);
  const showJob = job !== null && answer.images.length === 0 && job.phase !== "done";
  const requested = parseAspectRatio(request.aspect_ratio);
  const succeeded = exchange.status >= 200 && exchange.status < 300;
  const prices = usePrices();
  const usage = useMemo(() => usageOfBody(answer.body), [answer.body]);
  // A refused or failed run is not charged: only a succeeded one gets an estimate.
  const estimate = succeeded ? estimateRunCost(prices[request.model], { images: answer.images.length, usage }) : null;
  const scope = useId().replace(/[^\w-]/g, "");
  return (
    <AnswerScope.Provider value={`answer${scope}`}>
      <div className="flex flex-col gap-5">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted" data-testid="run-summary">
          <span
            className={`rounded-full px-2.5 py-0.5 font-mono text-xs font-semibold ${succeeded ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-300" : "bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-300"}`}
          >
            {exchange.status} {exchange.statusText}
          </span>
          <span>{(exchange.totalMs / 1000).toFixed(2)} s</span>
          <span>
            {answer.images.length} image{answer.images.length === 1 ? "" : "s"} found
          </span>
          {usage && (
            <span data-testid="run-usage" title="What the service reported this run used">
              {describeUsage(usage)}
            </span>
          )}
          {estimate && (
            <span data-testid="run-cost" title={`Estimated from IMAGE_PRICES for ${request.model}`}>
              ≈ {formatMoney(estimate)} estimated
            </span>
          )}
        </p>
        {!succeeded && <ServiceErrorBanner exchange={exchange} body={answer.body} />}
        {showJob && <JobNotice job={job} />}
        {showJob && jobs && job.pollingUrl && job.phase !== "failed" && (
          <JobFollower
            pollingUrl={job.pollingUrl}
            pollGrant={exchange.pollGrants?.[job.pollingUrl.trim()] ?? null}
            firstPaceMs={pollPaceMs(exchange.retryAfter)}
            follow={jobs}
            renderAnswer={(polled) =>
              polled.kind === "service" ? (
                <ServiceResult request={request} exchange={polled.exchange} jobs={null} requestShown={false} />
              ) : (
                <ResultView request={request} outcome={polled} />
              )
            }
          />
        )}
        {succeeded && answer.images.length === 0 && !showJob && (
          <div
            role="status"
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
          >
            The service answered {exchange.status} but no image was found in its answer. The raw answer is below.
          </div>
        )}
        {answer.images.length > 0 && <ImageGallery images={answer.images} requested={requested} />}
        <RawAnswer
          body={answer.body}
          images={answer.images}
          contentType={exchange.contentType}
          size={exchange.bytes.length}
          eventTimes={exchange.eventTimes}
        />
        <ExchangePanel request={requestShown ? request : null} url={exchange.url} exchange={exchange} />
      </div>
    </AnswerScope.Provider>
  );
}

/**
 * A saved run shows the bytes it kept of remote images, not their links, which may have expired.
 * Uncertain URLs whose bytes were kept were images, so they join the gallery at once.
 */
function withSavedCopies(answer: InterpretedAnswer, saved: SavedImages): InterpretedAnswer {
  if (saved.size === 0) return answer;
  const fromUrl = (url: string) => {
    const copy = saved.get(url);
    return copy ? { kind: "body" as const, mime: copy.mime, bytes: copy.bytes } : null;
  };
  const images = answer.images.map((image) =>
    image.source.kind === "url" ? { ...image, source: fromUrl(image.source.url) ?? image.source } : image,
  );
  const confirmed = answer.uncertain.flatMap((candidate) => {
    const source = fromUrl(candidate.url);
    return source ? [{ key: `saved:${candidate.url}`, paths: [candidate.path], source }] : [];
  });
  return { ...answer, images: [...images, ...confirmed], uncertain: answer.uncertain.filter((candidate) => !saved.has(candidate.url)) };
}

/** Pictures on the service's host that may need the key get the playground's route beside their URL. */
function withImageRoutes(answer: InterpretedAnswer, grants: Record<string, string> | undefined): InterpretedAnswer {
  if (!grants) return answer;
  const images = answer.images.map((image) => {
    const grant = image.source.kind === "url" ? grants[image.source.url] : undefined;
    return grant && image.source.kind === "url"
      ? { ...image, source: { ...image.source, viaPlayground: throughPlayground(image.source.url, grant) } }
      : image;
  });
  return { ...answer, images };
}
