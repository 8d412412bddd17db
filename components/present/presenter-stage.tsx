"use client";

import { useNow } from "@/components/ui/use-now";
import { PresenterImage } from "./presenter-image";
import type { PresentedResult, PresenterFailure, PresenterRunning } from "./use-presenter-runs";

type PresenterStageProps = {
  shown: PresentedResult | null;
  position: { index: number; count: number } | null;
  running: PresenterRunning | null;
  failure: PresenterFailure | null;
  showDetail: boolean;
  onToggleDetail: () => void;
  /** Offered when the failed run can be made again on the demo service. */
  onShowOnDemo: (() => void) | null;
  onStep: (delta: number) => void;
};

/** The result filling the screen; a calm note while the next one is made; one sentence when it fails. */
export function PresenterStage({
  shown,
  position,
  running,
  failure,
  showDetail,
  onToggleDetail,
  onShowOnDemo,
  onStep,
}: PresenterStageProps) {
  const now = useNow(250, running !== null);
  const seconds = running ? Math.max(0, Math.floor((now - running.startedAt) / 1000)) : 0;
  const columns = shown ? Math.ceil(Math.sqrt(shown.images.length)) : 1;

  return (
    <section aria-label="Result" className="relative flex min-h-0 flex-1 flex-col">
      {shown ? (
        <div className="grid min-h-0 flex-1 gap-4" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {shown.images.map((image, index) => (
            <PresenterImage
              key={image.key}
              image={image}
              requestedRatio={shown.request.aspect_ratio}
              label={`${shown.request.prompt}${shown.images.length > 1 ? ` (image ${index + 1} of ${shown.images.length})` : ""}`}
            />
          ))}
        </div>
      ) : (
        !running && (
          <div className="flex flex-1 items-center justify-center">
            <p className="max-w-3xl text-center text-3xl leading-snug text-muted">Write a prompt below and press Enter.</p>
          </div>
        )
      )}

      <div className="pointer-events-none absolute inset-x-0 top-0 flex flex-col items-center gap-3 p-2">
        {running && (
          <p
            role="status"
            className="pointer-events-auto flex items-center gap-3 rounded-full bg-white/90 px-5 py-2 text-xl shadow-lg dark:bg-zinc-900/90"
          >
            <span aria-hidden="true" className="size-3 rounded-full bg-accent-500 motion-safe:animate-pulse" />
            Generating… <span className="font-mono tabular-nums">{seconds} s</span>
          </p>
        )}
        {failure && (
          <div
            role="alert"
            className="pointer-events-auto flex max-w-4xl flex-col items-center gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-6 py-4 text-center text-amber-950 shadow-lg dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
          >
            <p className="text-2xl" data-testid="presenter-failure">
              {failure.sentence}
            </p>
            {showDetail && failure.detail && (
              <blockquote data-testid="presenter-failure-detail" className="font-mono text-base break-words whitespace-pre-wrap">
                {failure.detail}
              </blockquote>
            )}
            <div className="flex flex-wrap justify-center gap-3">
              {failure.detail && (
                <button type="button" onClick={onToggleDetail} className={stageButton}>
                  {showDetail ? "Hide the service's words" : "The service's words"} <kbd className="font-mono text-sm">D</kbd>
                </button>
              )}
              {onShowOnDemo && (
                <button type="button" onClick={onShowOnDemo} className={stageButton}>
                  Show on the demo service
                </button>
              )}
            </div>
          </div>
        )}
      </div>

      {shown && (shown.demo || (position !== null && position.count > 1)) && (
        <div className="absolute bottom-2 left-2 flex items-center gap-2 rounded-full bg-white/85 px-2 py-1 text-lg shadow dark:bg-zinc-900/85">
          {shown.demo && (
            <span className="rounded-full bg-amber-100 px-3 py-0.5 text-lg font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-300">
              demo
            </span>
          )}
          {position && position.count > 1 && (
            <>
              <button
                type="button"
                aria-label="Previous result"
                disabled={position.index === 0}
                onClick={() => onStep(-1)}
                className={roundButton}
              >
                ←
              </button>
              <span className="font-mono tabular-nums" data-testid="presenter-result-position">
                {position.index + 1} / {position.count}
              </span>
              <button
                type="button"
                aria-label="Next result"
                disabled={position.index === position.count - 1}
                onClick={() => onStep(1)}
                className={roundButton}
              >
                →
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}

const stageButton =
  "rounded-lg border border-amber-400 px-4 py-1.5 text-lg font-medium hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:border-amber-600 dark:hover:bg-amber-900";
const roundButton =
  "rounded-full px-2 py-0.5 hover:bg-zinc-200 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-700";
