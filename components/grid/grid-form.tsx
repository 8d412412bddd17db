"use client";

import { useBudget } from "@/components/ui/budget-context";
import { gridBudgetNote, imagesLeft } from "@/lib/request/budget-left";
import { useMemo, useState, type FormEvent } from "react";
import { RATIO_PRESETS } from "@/lib/request/aspect-ratio";
import { GRID_AXES, listOf, planGrid, type GridAxis, type GridPlan, type GridSpec } from "@/lib/grid/grid-plan";
import type { GridSettings } from "@/lib/grid/grid-settings";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ExtraFieldsSetting } from "@/lib/request/extra-fields";
import { usePrices } from "@/components/ui/prices-context";
import { formatMoney } from "@/lib/answer/format-money";
import { describeEstimate, estimateBeforeRun } from "@/lib/request/prices";
import { FieldMessage, inputClassName, labelClassName } from "@/components/ui/field-message";
import { Field, TextField } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";
import { countOf } from "@/lib/utils/format-count";
import { useRunOnServer } from "./use-run-on-server";

type GridFormProps = {
  settings: GridSettings;
  models: string[];
  promptMaxChars: number;
  /** Extra request fields the server allows: a grid can sweep one of them as its fourth axis. */
  extraFields: ExtraFieldsSetting;
  initial: GridSpec;
  running: boolean;
  onRun: (spec: GridSpec, plan: GridPlan, rowAxis: GridAxis) => void;
  onCancel: () => void;
  /** The playground runs batches (its library is on): the grid can also go to the server as one. */
  serverBatches: boolean;
};

const AXIS_NAMES: Record<Exclude<GridAxis, "field">, string> = { prompt: "Prompts", model: "Models", ratio: "Ratios" };

/** Where a confirmed grid runs: in this tab, or on the server as a batch. */
type Confirming = { plan: GridPlan; where: "here" | "server" };

/** Prompt variants × models × ratios: says how many requests that makes, and asks before a large grid. */
export function GridForm({
  settings,
  models,
  promptMaxChars,
  extraFields,
  initial,
  running,
  onRun,
  onCancel,
  serverBatches,
}: GridFormProps) {
  const [spec, setSpec] = useState<GridSpec>(initial);
  const [rowAxis, setRowAxis] = useState<GridAxis>("prompt");
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const server = useRunOnServer();
  const planned = useMemo(
    () => planGrid(spec, { maxCells: settings.maxCells, promptMaxChars, extraFields }),
    [spec, settings.maxCells, promptMaxChars, extraFields],
  );
  const sweeping = (spec.field ?? "").trim();
  const axisName = (axis: GridAxis) => (axis === "field" ? `${sweeping || "Field"} values` : AXIS_NAMES[axis]);
  const count = planned.ok ? planned.plan.cells.length : planned.count;
  const errors = planned.ok ? {} : planned.errors;
  const chosenRatios = listOf(spec.ratios);
  const prices = usePrices();
  const budget = useBudget();
  const estimate = planned.ok
    ? describeEstimate(
        estimateBeforeRun(
          planned.plan.cells.map((cell) => cell.model),
          prices,
        ),
        formatMoney,
      )
    : null;

  const left = imagesLeft(budget);
  const run = (confirmed: Confirming) => {
    if (confirmed.where === "server") void server.start(confirmed.plan);
    else onRun(spec, confirmed.plan, rowAxis);
  };
  const submit = (event?: FormEvent, where: Confirming["where"] = "here") => {
    event?.preventDefault();
    setSubmitted(true);
    if (!planned.ok) return;
    // Above the usual size, or past what the budget has left: asked first, with the count.
    const cells = planned.plan.cells.length;
    if (cells > settings.confirmAbove || (left !== null && cells > left)) setConfirming({ plan: planned.plan, where });
    else run({ plan: planned.plan, where });
  };
  const toggleRatio = (ratio: string) => {
    const next = chosenRatios.includes(ratio) ? chosenRatios.filter((chosen) => chosen !== ratio) : [...chosenRatios, ratio];
    setSpec({ ...spec, ratios: next.join(", ") });
  };
  const shown = (field: keyof typeof errors) => (submitted ? errors[field] : undefined);

  return (
    <form
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit(event);
      }}
      aria-label="Grid"
      className="flex flex-col gap-5 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <TextField
        id="grid-prompts"
        label="Prompt variants"
        error={shown("prompts")}
        hint="One prompt per line; {a|b|c} inside a line expands to each choice."
        rows={5}
        controlClassName="min-h-28"
        value={spec.prompts}
        onChange={(prompts) => setSpec({ ...spec, prompts })}
      />
      <TextField
        id="grid-models"
        label="Models"
        error={shown("models")}
        hint={`Separated by commas.${models.length > 0 ? ` Suggestions: ${models.join(", ")}.` : ""}`}
        controlClassName="font-mono"
        value={spec.models}
        onChange={(models) => setSpec({ ...spec, models })}
      />
      <Field
        id="grid-ratios"
        label="Aspect ratios"
        error={shown("ratios")}
        hint="W:H, separated by commas; the buttons add and remove the common ones."
      >
        {(control) => (
          <>
            <div className="flex flex-wrap gap-1.5" role="group" aria-label="Common ratios">
              {RATIO_PRESETS.map((ratio) => (
                <Button
                  key={ratio}
                  variant="toggle"
                  size="chip"
                  aria-pressed={chosenRatios.includes(ratio)}
                  onClick={() => toggleRatio(ratio)}
                  className="font-mono"
                >
                  {ratio}
                </Button>
              ))}
            </div>
            <input
              {...control}
              value={spec.ratios}
              onChange={(event) => setSpec({ ...spec, ratios: event.target.value })}
              className={cn(inputClassName, "font-mono")}
            />
          </>
        )}
      </Field>
      {extraFields.mode !== "off" && (
        <fieldset className="flex flex-col gap-1.5">
          <legend className={labelClassName}>Sweep a request field (optional)</legend>
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-2">
            <input
              id="grid-field"
              aria-label="Field"
              placeholder={extraFields.mode === "list" ? extraFields.names[0] : "seed"}
              list={extraFields.mode === "list" ? "grid-field-names" : undefined}
              value={spec.field ?? ""}
              onChange={(event) => setSpec({ ...spec, field: event.target.value })}
              aria-invalid={shown("field") ? true : undefined}
              aria-describedby="grid-field-message"
              className={`${inputClassName} font-mono`}
            />
            <input
              id="grid-field-values"
              aria-label="Values"
              placeholder="1, 2, 3"
              value={spec.fieldValues ?? ""}
              onChange={(event) => setSpec({ ...spec, fieldValues: event.target.value })}
              aria-invalid={shown("fieldValues") ? true : undefined}
              aria-describedby="grid-field-message"
              className={`${inputClassName} font-mono`}
            />
          </div>
          {extraFields.mode === "list" && (
            <datalist id="grid-field-names">
              {extraFields.names.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          )}
          <FieldMessage
            id="grid-field-message"
            error={shown("field") ?? shown("fieldValues")}
            hint="One extra field and its values, separated by commas, as JSON (1, 2, 3 or low, high): each value is a column or a row."
          />
        </fieldset>
      )}
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor="grid-rows">Rows</label>
        <select
          id="grid-rows"
          value={rowAxis}
          onChange={(event) => setRowAxis(GRID_AXES.find((axis) => axis === event.target.value) ?? "prompt")}
          className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          {GRID_AXES.filter((axis) => axis !== "field" || sweeping !== "").map((axis) => (
            <option key={axis} value={axis}>
              {axisName(axis)}
            </option>
          ))}
        </select>
        <span className="text-xs text-muted">the others go across</span>
      </div>
      <p
        className={`text-sm ${errors.size ? "font-medium text-red-700 dark:text-red-400" : "text-muted"}`}
        data-testid="grid-count"
        role={errors.size ? "alert" : undefined}
      >
        {errors.size ??
          (planned.ok
            ? `${[
                countOf(planned.plan.axes.prompt.length, "prompt"),
                countOf(planned.plan.axes.model.length, "model"),
                countOf(planned.plan.axes.ratio.length, "ratio"),
                ...(planned.plan.field ? [countOf(planned.plan.axes.field.length, `${planned.plan.field} value`)] : []),
              ].join(" × ")} = ${countOf(count, "request")}, ${settings.concurrency} at a time.`
            : "Fill in the fields to see how many requests the grid makes.")}
        {!errors.size && estimate && (
          <span className="block" data-testid="grid-cost-estimate">
            {estimate}
          </span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" size="lg" className="flex-1 shadow-sm">
          Run grid
        </Button>
        {running && (
          <Button size="lg" onClick={onCancel}>
            Cancel all
          </Button>
        )}
        {serverBatches && (
          <Button
            size="lg"
            disabled={server.sending}
            onClick={() => submit(undefined, "server")}
            title="The server runs the grid as a batch to the end, with this tab open or not; its results go to a collection."
          >
            {server.sending ? "Starting on the server…" : "Run on the server"}
          </Button>
        )}
      </div>
      {server.problem && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400" data-testid="grid-server-problem">
          The server did not take the grid: {server.problem}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Run ${confirming.plan.cells.length} requests${confirming.where === "server" ? " on the server" : ""}?`}
          body={`This grid sends ${confirming.plan.cells.length} requests to the service, ${confirming.where === "server" ? "from the server as a batch, which goes on with this tab closed" : `${settings.concurrency} at a time`}.${estimate ? ` Cost: ${estimate}.` : ""}${gridBudgetNote(confirming.plan.cells.length, budget, confirming.where)}`}
          confirmLabel={`Run ${confirming.plan.cells.length} requests`}
          tone="primary"
          onConfirm={() => run(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </form>
  );
}
