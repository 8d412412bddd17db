"use client";

import type { FeedbackSummary } from "@/lib/request/share-feedback";
import { TeamFeedbackBadge } from "@/components/share/team-feedback-badge";
import type { RunSummary } from "@/lib/history/history-types";
import { RUN_STATUS_LABELS } from "@/lib/history/history-types";
import { dateTimeText, timeAgo } from "@/lib/utils/time-ago";
import { HistoryItemActions } from "./history-item-actions";
import { RunThumbnail } from "./run-thumbnail";
import { STATUS_TONES } from "./run-status-tones";
import type { VerdictChange } from "@/lib/history/verdict";
import { useVerdictKeys } from "@/components/verdict/use-verdict-keys";
import { VerdictBadges } from "@/components/verdict/verdict-badges";

type HistoryItemProps = {
  run: RunSummary;
  loadThumbnail: (id: string) => Promise<Blob | null>;
  /** The list is not being scrolled (see RunThumbnail). */
  settled: boolean;
  now: number;
  shown: boolean;
  /** Shared as a page from this browser. */
  shared: boolean;
  /** The team's rating and comment count on the shared page. */
  team?: FeedbackSummary;
  selected: boolean;
  onOpen: () => void;
  onSelect: (selected: boolean) => void;
  onStar: () => void;
  onVerdict: (change: VerdictChange) => void;
  onRerun: () => void;
  onShare: () => void;
  onDelete: () => void;
};

export function HistoryItem({
  run,
  loadThumbnail,
  settled,
  now,
  shown,
  shared,
  team,
  selected,
  onOpen,
  onSelect,
  onStar,
  onVerdict,
  onRerun,
  onShare,
  onDelete,
}: HistoryItemProps) {
  const onVerdictKey = useVerdictKeys(run, onVerdict);
  const excerpt = run.request.prompt.length > 140 ? `${run.request.prompt.slice(0, 140)}…` : run.request.prompt;
  return (
    <div
      data-testid="history-item"
      data-run-id={run.id}
      onKeyDown={onVerdictKey}
      className={`group flex h-full items-start gap-2 overflow-hidden rounded-xl border p-2 ${shown ? "border-accent-500 bg-accent-50 dark:bg-accent-500/10" : "border-transparent hover:bg-zinc-50 dark:hover:bg-zinc-800/50"}`}
    >
      <input
        type="checkbox"
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={`Select run: ${excerpt}`}
        className="mt-5 size-4 shrink-0 accent-accent-600"
      />
      <button
        type="button"
        onClick={onOpen}
        aria-current={shown ? "true" : undefined}
        className="flex min-w-0 flex-1 gap-3 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-accent-500"
      >
        <RunThumbnail run={run} load={loadThumbnail} settled={settled} />
        <span className="flex min-w-0 flex-col gap-1">
          <span className="line-clamp-2 text-sm leading-snug text-zinc-900 dark:text-zinc-100" data-testid="history-prompt">
            {excerpt || <em className="text-muted">(empty prompt)</em>}
          </span>
          <span className="flex max-h-[34px] flex-wrap items-center gap-x-2 gap-y-0.5 overflow-hidden text-xs text-muted">
            <span className={`rounded-full px-1.5 py-px font-medium ${STATUS_TONES[run.status]}`} title={run.statusText}>
              {RUN_STATUS_LABELS[run.status]}
            </span>
            <VerdictBadges verdict={run} />
            {shared && (
              <span className="text-accent-800 dark:text-accent-200 rounded-full bg-accent-100 px-1.5 py-px font-medium dark:bg-accent-500/20">
                Shared
              </span>
            )}
            {team && <TeamFeedbackBadge team={team} />}
            <span className="max-w-40 truncate font-mono">{run.request.model}</span>
            <span className="font-mono">{run.request.aspect_ratio}</span>
            <span>{(run.durationMs / 1000).toFixed(1)} s</span>
            <time
              dateTime={new Date(run.createdAt).toISOString()}
              title={`${dateTimeText(run.createdAt)}${run.author ? ` · by ${run.author}` : ""}`}
            >
              {timeAgo(run.createdAt, now)}
            </time>
          </span>
        </span>
      </button>
      <HistoryItemActions noun="run" starred={run.starred} onStar={onStar} onRerun={onRerun} onShare={onShare} onDelete={onDelete} />
    </div>
  );
}
