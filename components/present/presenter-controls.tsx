"use client";

import type { FormEvent, KeyboardEvent } from "react";
import { RATIO_PRESETS } from "@/lib/request/aspect-ratio";

export type PresenterFields = { model: string; prompt: string; aspect_ratio: string };

type PresenterControlsProps = {
  fields: PresenterFields;
  models: readonly string[];
  running: boolean;
  problem: string | null;
  onChange: (fields: PresenterFields) => void;
  onGenerate: () => void;
  onCancel: () => void;
};

/** A few models are big choices to click; a long list stays a menu. */
const MAX_MODEL_CHOICES = 6;

/** The strip under the stage: the prompt in large type, model and ratio as big choices, Generate. */
export function PresenterControls({ fields, models, running, problem, onChange, onGenerate, onCancel }: PresenterControlsProps) {
  const set = (change: Partial<PresenterFields>) => onChange({ ...fields, ...change });
  const modelChoices = withCurrent(models, fields.model);
  const ratioChoices = withCurrent(RATIO_PRESETS, fields.aspect_ratio);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGenerate();
  };
  // Enter runs, as in a chat box; Shift+Enter starts a new line.
  const onPromptKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onGenerate();
    }
  };

  return (
    <form onSubmit={submit} aria-label="Presenter request" className="flex flex-col gap-3">
      <div className="flex items-stretch gap-4">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="presenter-prompt" className="sr-only">
            Prompt
          </label>
          <textarea
            id="presenter-prompt"
            rows={2}
            value={fields.prompt}
            onChange={(event) => set({ prompt: event.target.value })}
            onKeyDown={onPromptKeyDown}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "presenter-problem" : undefined}
            placeholder="Describe the image…"
            className="w-full resize-none rounded-2xl border border-zinc-300 bg-white px-5 py-3 text-2xl leading-snug shadow-sm outline-none placeholder:text-zinc-500 focus:border-accent-500 focus:ring-4 focus:ring-accent-500/25 dark:border-zinc-700 dark:bg-zinc-900"
          />
          {problem && (
            <p id="presenter-problem" role="alert" className="text-lg text-red-700 dark:text-red-300">
              {problem}
            </p>
          )}
        </div>
        {running ? (
          <button
            type="button"
            onClick={onCancel}
            className="w-48 shrink-0 rounded-2xl border-2 border-zinc-400 text-2xl font-semibold hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:border-zinc-600 dark:hover:bg-zinc-800"
          >
            Cancel
          </button>
        ) : (
          <button
            type="submit"
            className="w-48 shrink-0 rounded-2xl bg-accent-600 text-2xl font-semibold text-white shadow hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:bg-accent-500 dark:text-zinc-950 dark:hover:bg-accent-400"
          >
            Generate
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-8 gap-y-2">
        {modelChoices.length <= MAX_MODEL_CHOICES ? (
          <Choices
            legend="Model"
            name="presenter-model"
            values={modelChoices}
            current={fields.model}
            mono
            onPick={(model) => set({ model })}
          />
        ) : (
          <label className="flex items-center gap-3 text-lg">
            <span className="font-medium">Model</span>
            <select
              value={fields.model}
              onChange={(event) => set({ model: event.target.value })}
              className="rounded-xl border border-zinc-300 bg-white px-3 py-2 font-mono text-lg dark:border-zinc-700 dark:bg-zinc-900"
            >
              {modelChoices.map((model) => (
                <option key={model}>{model}</option>
              ))}
            </select>
          </label>
        )}
        <Choices
          legend="Ratio"
          name="presenter-ratio"
          values={ratioChoices}
          current={fields.aspect_ratio}
          onPick={(aspect_ratio) => set({ aspect_ratio })}
        />
      </div>
    </form>
  );
}

function Choices({
  legend,
  name,
  values,
  current,
  mono = false,
  onPick,
}: {
  legend: string;
  name: string;
  values: readonly string[];
  current: string;
  mono?: boolean;
  onPick: (value: string) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="float-left mr-2 text-lg font-medium">{legend}</legend>
      {values.map((value) => (
        <label key={value} className="cursor-pointer">
          <input
            type="radio"
            name={name}
            value={value}
            checked={value === current}
            onChange={() => onPick(value)}
            className="peer sr-only"
          />
          <span
            className={`block rounded-xl border-2 border-zinc-300 px-3.5 py-1.5 text-lg peer-checked:border-accent-600 peer-checked:bg-accent-50 peer-checked:text-accent-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500 hover:border-zinc-500 dark:border-zinc-700 dark:peer-checked:border-accent-400 dark:peer-checked:bg-accent-500/15 dark:peer-checked:text-accent-100 ${mono ? "font-mono" : "tabular-nums"}`}
          >
            {value}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The choices, plus the current value when it is not one of them (a script may name any). */
function withCurrent(values: readonly string[], current: string): readonly string[] {
  return current.trim() === "" || values.includes(current) ? values : [...values, current];
}
