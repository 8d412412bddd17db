"use client";

import { useBudget } from "@/components/ui/budget-context";
import { imagesLeft } from "@/lib/request/budget-left";
import { useMemo, useState, type FormEvent } from "react";
import { planArena, type ArenaPlan, type ArenaSpec } from "@/lib/arena/arena-plan";
import { TextField } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { countOf } from "@/lib/utils/format-count";

type ArenaFormProps = {
  maxCells: number;
  promptMaxChars: number;
  /** Suggestions from the server's configuration. */
  models: string[];
  initial: ArenaSpec;
  onStart: (spec: ArenaSpec, plan: ArenaPlan) => void;
};

/** Two to four models, one or more prompts (lines and {a|b} alternatives) and a ratio. */
export function ArenaForm({ maxCells, promptMaxChars, models, initial, onStart }: ArenaFormProps) {
  const [spec, setSpec] = useState<ArenaSpec>(initial);
  const [submitted, setSubmitted] = useState(false);
  // The order is shuffled from this seed; a new one for each arena started.
  const [seed, setSeed] = useState(() => Math.floor(Math.random() * 2 ** 31));
  const planned = useMemo(() => planArena(spec, { maxCells, promptMaxChars }, seed), [spec, maxCells, promptMaxChars, seed]);
  const errors = planned.ok ? {} : planned.errors;
  const budget = useBudget();
  const left = imagesLeft(budget);
  const overBudget = planned.ok && left !== null && planned.plan.matches.length * 2 > left;
  const shown = (field: keyof typeof errors) => (submitted ? errors[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!planned.ok) return;
    onStart(spec, planned.plan);
    setSubmitted(false);
    setSeed(Math.floor(Math.random() * 2 ** 31));
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Arena"
      className="flex flex-col gap-5 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <TextField
        id="arena-models"
        label="Models"
        error={shown("models")}
        hint={`Two to four, separated by commas.${models.length > 0 ? ` Suggestions: ${models.join(", ")}.` : ""}`}
        controlClassName="font-mono"
        value={spec.models}
        onChange={(models) => setSpec({ ...spec, models })}
      />
      <TextField
        id="arena-prompts"
        label="Prompts"
        error={shown("prompts")}
        hint="One prompt per line; {a|b|c} inside a line expands to each choice."
        rows={4}
        controlClassName="min-h-24"
        value={spec.prompts}
        onChange={(prompts) => setSpec({ ...spec, prompts })}
      />
      <TextField
        id="arena-ratio"
        label="Aspect ratio"
        error={shown("ratio")}
        hint="W:H, the same for every picture, e.g. 1:1 or 16:9."
        controlClassName="font-mono"
        value={spec.ratio}
        onChange={(ratio) => setSpec({ ...spec, ratio })}
      />
      {shown("size") && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {shown("size")}
        </p>
      )}
      {overBudget && (
        <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-300">
          This arena needs more images than your budget has left: the pairs past it will be refused.
        </p>
      )}
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-muted" data-testid="arena-count">
          {planned.ok
            ? `${countOf(planned.plan.matches.length, "pair")} to judge (${countOf(planned.plan.matches.length * 2, "request")}${left !== null ? `; ${countOf(left, "image")} left in your budget ${budget?.images?.period ?? ""}` : ""})`
            : "Every pair of models on every prompt, sides shuffled, names hidden until you vote."}
        </p>
        <Button type="submit" variant="primary">
          Start
        </Button>
      </div>
    </form>
  );
}
