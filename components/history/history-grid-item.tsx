"use client";

import type { FeedbackSummary } from "@/lib/request/share-feedback";
import { TeamFeedbackBadge } from "@/components/share/team-feedback-badge";
import type { RunSummary } from "@/lib/history/history-types";
import { timeAgo } from "@/lib/utils/time-ago";
import { HistoryItemActions } from "./history-item-actions";
import { RunThumbnail } from "./run-thumbnail";

type HistoryGridItemProps = {
  cells: RunSummary[];
  all: RunSummary[];
  loadThumbnail: (id: string) => Promise<Blob | null>;
  /** The list is not being scrolled (see RunThumbnail). */
  settled: boolean;
  now: number;
  selected: boolean;
  onOpen: () => void;
  onSelect: (selected: boolean) => void;
  onStar: (starred: boolean) => void;
  onRerun: () => void;
  onShare: () => void;
  /** Shared as a page from this browser. */
  shared: boolean;
  /** The team's rating and comment count on the shared page. */
  team?: FeedbackSummary;
  onDelete: () => void;
};

const distinct = (values: string[]) => [...new Set(values)];

/** A grid in the history list: one entry for all its cells, reopened and rerun as a whole. */
export function HistoryGridItem({
  cells,
  all,
  loadThumbnail,
  settled,
  now,
  selected,
  onOpen,
  onSelect,
  onStar,
  onRerun,
  onShare,
  shared,
  team,
  onDelete,
}: HistoryGridItemProps) {
  const first = cells[0];
  if (!first?.group) return null;
  const { cellCount } = first.group;
  const prompts = distinct(cells.map((cell) => cell.request.prompt));
  const models = distinct(cells.map((cell) => cell.request.model));
  const ratios = distinct(cells.map((cell) => cell.request.aspect_ratio));
  const withImages = cells.filter((cell) => cell.status === "succeeded").length;
  const newest = Math.max(...all.map((run) => run.createdAt));
  const starred = all.every((run) => run.starred);
  const bestRating = cells.reduce((best, cell) => Math.max(best, cell.rating ?? 0), 0);
  const picks = cells.filter((cell) => cell.picked).length;
  const cover = cells.find((cell) => cell.hasThumbnail || cell.thumbnailUrl) ?? first;
  const title = `${prompts[0] ?? ""}${prompts.length > 1 ? ` (+${prompts.length - 1} variant${prompts.length > 2 ? "s" : ""})` : ""}`;
  return (
    <div
      data-testid="history-grid"
      data-group-id={first.group.id}
      className="flex h-full items-start gap-2 overflow-hidden rounded-xl border border-transparent p-2 hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
    >
      <input
        type="checkbox"
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={`Select grid: ${title}`}
        className="mt-5 size-4 shrink-0 accent-accent-600"
      />
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 gap-3 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-accent-500"
      >
        <span className="relative flex shrink-0 self-start">
          <RunThumbnail run={cover} load={loadThumbnail} settled={settled} />
          <span aria-hidden="true" className="absolute -right-1 -bottom-1 rounded bg-accent-600 px-1 text-[10px] font-semibold text-white">
            ▦
          </span>
        </span>
        <span className="flex min-w-0 flex-col gap-1">
          <span className="line-clamp-2 text-sm leading-snug text-zinc-900 dark:text-zinc-100" data-testid="history-prompt">
            {title}
          </span>
          <span className="flex max-h-[34px] flex-wrap items-center gap-x-2 gap-y-0.5 overflow-hidden text-xs text-muted">
            <span className="rounded-full bg-accent-100 px-1.5 py-px font-medium text-accent-700 dark:bg-accent-500/15 dark:text-accent-400">
              Grid · {cellCount} cells
            </span>
            {bestRating > 0 && (
              <span className="font-medium text-amber-700 dark:text-amber-300" aria-label={`Best rated ${bestRating} of 5 stars`}>
                best {"★".repeat(bestRating)}
              </span>
            )}
            {picks > 0 && (
              <span className="rounded-full bg-emerald-100 px-1.5 py-px font-medium text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200">
                {picks === 1 ? "1 pick" : `${picks} picks`}
              </span>
            )}
            {shared && (
              <span className="text-accent-800 dark:text-accent-200 rounded-full bg-accent-100 px-1.5 py-px font-medium dark:bg-accent-500/20">
                Shared
              </span>
            )}
            {team && <TeamFeedbackBadge team={team} />}
            <span data-testid="history-grid-summary">
              {withImages} of {cellCount} with images
            </span>
            <span className="max-w-40 truncate font-mono">{models.join(", ")}</span>
            <span className="font-mono">{ratios.join(", ")}</span>
            {first.group.spec.field && (
              <span className="font-mono">
                {first.group.spec.field}: {first.group.spec.fieldValues}
              </span>
            )}
            <time dateTime={new Date(newest).toISOString()}>{timeAgo(newest, now)}</time>
          </span>
        </span>
      </button>
      <HistoryItemActions
        noun="grid"
        starred={starred}
        onStar={() => onStar(!starred)}
        onRerun={onRerun}
        onShare={onShare}
        onDelete={onDelete}
      />
    </div>
  );
}
