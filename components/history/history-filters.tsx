"use client";

import { filterChoices, type HistoryFilter } from "@/lib/history/history-filter";
import { isRunStatus, RUN_STATUS_LABELS, type HistoryRun } from "@/lib/history/history-types";

const control =
  "rounded-lg border border-zinc-300 bg-white px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-700 dark:bg-zinc-900";

/** Search by prompt text; narrow by model, ratio, status and star. */
export function HistoryFilters({ runs, filter, onChange }: { runs: HistoryRun[]; filter: HistoryFilter; onChange: (filter: HistoryFilter) => void }) {
  const models = filterChoices(runs, (run) => run.request.model);
  const ratios = filterChoices(runs, (run) => run.request.aspect_ratio);
  const statuses = filterChoices(runs, (run) => run.status).filter(isRunStatus);
  return (
    <div className="flex flex-col gap-2">
      <input
        type="search"
        value={filter.text}
        onChange={(event) => onChange({ ...filter, text: event.target.value })}
        placeholder="Search prompts"
        aria-label="Search prompts"
        className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-700 dark:bg-zinc-900"
      />
      <div className="flex flex-wrap items-center gap-2">
        <select aria-label="Filter by model" value={filter.model} onChange={(event) => onChange({ ...filter, model: event.target.value })} className={`${control} max-w-40`}>
          <option value="">All models</option>
          {models.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
        <select aria-label="Filter by ratio" value={filter.ratio} onChange={(event) => onChange({ ...filter, ratio: event.target.value })} className={control}>
          <option value="">All ratios</option>
          {ratios.map((ratio) => (
            <option key={ratio} value={ratio}>
              {ratio}
            </option>
          ))}
        </select>
        <select
          aria-label="Filter by status"
          value={filter.status}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...filter, status: isRunStatus(value) ? value : "" });
          }}
          className={control}
        >
          <option value="">All statuses</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {RUN_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" checked={filter.starredOnly} onChange={(event) => onChange({ ...filter, starredOnly: event.target.checked })} className="accent-accent-600" />
          Starred only
        </label>
      </div>
    </div>
  );
}
