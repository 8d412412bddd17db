"use client";

import { formatCount } from "@/lib/utils/format-count";
import type { FilterChoices } from "@/lib/browser/history/history-store";
import { rankChoices, type HistoryFilter, type ValueCounts } from "@/lib/history/history-filter";
import { isRunStatus, RUN_STATUS_LABELS } from "@/lib/history/history-types";
import { useId } from "react";
import { Field } from "@/components/ui/field";

const control =
  "rounded-lg border border-zinc-300 bg-white px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-700 dark:bg-zinc-900";

/**
 * Search by prompt text; narrow by model, ratio, status, rating, pick, star and shared; sort by time or rating. The values come from the store's
 * indexes (complete at once); their counts from the page's list once every run is read.
 */
export function HistoryFilters({
  choices,
  counts,
  filter,
  sharedCount,
  onChange,
}: {
  choices: FilterChoices;
  counts: ValueCounts | null;
  filter: HistoryFilter;
  /** How many runs in history this browser has shared (the filter is offered once there is one). */
  sharedCount: number;
  onChange: (filter: HistoryFilter) => void;
}) {
  const withCount = (text: string, count: number | null) => (count === null ? text : `${text} (${formatCount(count)})`);
  return (
    <div className="flex flex-col gap-2">
      <Field id="history-search" label="Search prompts" hideLabel>
        {(field) => (
          <input
            {...field}
            type="search"
            value={filter.text}
            onChange={(event) => onChange({ ...filter, text: event.target.value })}
            placeholder="Search prompts"
            className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-700 dark:bg-zinc-900"
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <ChoiceSelect
          label="Filter by model"
          anyLabel="All models"
          value={filter.model}
          choices={rankChoices(choices.models, counts?.models ?? null).map(([model, count]) => [model, withCount(model, count)])}
          onChange={(model) => onChange({ ...filter, model })}
          wide
        />
        <ChoiceSelect
          label="Filter by ratio"
          anyLabel="All ratios"
          value={filter.ratio}
          choices={rankChoices(choices.ratios, counts?.ratios ?? null).map(([ratio, count]) => [ratio, withCount(ratio, count)])}
          onChange={(ratio) => onChange({ ...filter, ratio })}
        />
        <ChoiceSelect
          label="Filter by status"
          anyLabel="All statuses"
          value={filter.status}
          choices={rankChoices(choices.statuses, counts?.statuses ?? null).map(([status, count]) => [
            status,
            withCount(RUN_STATUS_LABELS[status], count),
          ])}
          onChange={(status) => onChange({ ...filter, status: isRunStatus(status) ? status : "" })}
        />
        <label className="flex items-center gap-1 text-xs">
          <input
            type="checkbox"
            checked={filter.starredOnly}
            onChange={(event) => onChange({ ...filter, starredOnly: event.target.checked })}
            className="accent-accent-600"
          />
          Starred only{choices.starred > 0 ? ` (${formatCount(choices.starred)})` : ""}
        </label>
        <ChoiceSelect
          label="Filter by rating"
          anyLabel="Any rating"
          value={filter.minRating > 0 ? String(filter.minRating) : ""}
          choices={MIN_RATING_CHOICES}
          onChange={(value) => onChange({ ...filter, minRating: Number(value) || 0 })}
        />
        <label className="flex items-center gap-1 text-xs">
          <input
            type="checkbox"
            checked={filter.pickedOnly}
            onChange={(event) => onChange({ ...filter, pickedOnly: event.target.checked })}
            className="accent-accent-600"
          />
          Picks only
        </label>
        {(sharedCount > 0 || filter.sharedOnly) && (
          <label className="flex items-center gap-1 text-xs">
            <input
              type="checkbox"
              checked={filter.sharedOnly}
              onChange={(event) => onChange({ ...filter, sharedOnly: event.target.checked })}
              className="accent-accent-600"
            />
            Shared only ({formatCount(sharedCount)})
          </label>
        )}
        <Field id="history-sort" label="Sort history" hideLabel className="ml-auto">
          {(field) => (
            <select
              {...field}
              value={filter.order}
              onChange={(event) => onChange({ ...filter, order: event.target.value === "rating" ? "rating" : "newest" })}
              className={control}
            >
              <option value="newest">Newest first</option>
              <option value="rating">Best rated first</option>
            </select>
          )}
        </Field>
      </div>
    </div>
  );
}

const MIN_RATING_CHOICES: [string, string][] = [
  ["1", "Rated"],
  ["2", "2 stars or more"],
  ["3", "3 stars or more"],
  ["4", "4 stars or more"],
  ["5", "5 stars"],
];

type ChoiceSelectProps = {
  label: string;
  anyLabel: string;
  value: string;
  choices: [value: string, text: string][];
  onChange: (value: string) => void;
  wide?: boolean;
};

/** One filter: "any" first, then the values in use. */
function ChoiceSelect({ label, anyLabel, value, choices, onChange, wide = false }: ChoiceSelectProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hideLabel>
      {(field) => (
        <select
          {...field}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${control} ${wide ? "max-w-40" : ""}`}
        >
          <option value="">{anyLabel}</option>
          {choices.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
