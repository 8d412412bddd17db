"use client";

import { Field } from "@/components/ui/field";

/**
 * Which runs the history panel lists: this browser's, the person's whole library, or the runs on
 * the collections they may see (Team); the last two with a date range, Team with an author.
 */
export type Scope = { where: "here" | "library" | "team"; from: string; to: string; by: string };

const control =
  "rounded-lg border border-zinc-300 bg-white px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-700 dark:bg-zinc-900";

/** `disabled`: the library's sync has not started yet (the page's first moments). */
export function LibraryScope({
  scope,
  onChange,
  disabled = false,
}: {
  scope: Scope;
  onChange: (scope: Scope) => void;
  disabled?: boolean;
}) {
  const option = (where: Scope["where"], label: string, hint: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={scope.where === where}
      title={hint}
      disabled={disabled}
      onClick={() => onChange({ ...scope, where })}
      className="flex-1 rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-accent-500 disabled:opacity-60 aria-checked:bg-white aria-checked:shadow-sm dark:aria-checked:bg-zinc-700"
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col gap-2">
      <div role="radiogroup" aria-label="Runs to list" className="flex gap-1 rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800">
        {option("here", "This browser", "The runs kept in this browser (works offline)")}
        {option("library", "All my runs", "Every run in your library on the server, from every device")}
        {option("team", "Team", "The runs on the collections you can see, whoever made them")}
      </div>
      {scope.where === "team" && (
        <Field id="library-by" label="Made by" className="gap-0.5">
          {(field) => (
            <input
              {...field}
              type="search"
              value={scope.by}
              placeholder="anyone (part of a name or email)"
              maxLength={255}
              onChange={(event) => onChange({ ...scope, by: event.target.value })}
              className={`${control} w-full`}
            />
          )}
        </Field>
      )}
      {scope.where !== "here" && (
        <div className="flex flex-wrap items-end gap-2">
          <Field id="library-from" label="From" className="gap-0.5">
            {(field) => (
              <input
                {...field}
                type="date"
                value={scope.from}
                max={scope.to || undefined}
                onChange={(event) => onChange({ ...scope, from: event.target.value })}
                className={control}
              />
            )}
          </Field>
          <Field id="library-to" label="To" className="gap-0.5">
            {(field) => (
              <input
                {...field}
                type="date"
                value={scope.to}
                min={scope.from || undefined}
                onChange={(event) => onChange({ ...scope, to: event.target.value })}
                className={control}
              />
            )}
          </Field>
        </div>
      )}
    </div>
  );
}
