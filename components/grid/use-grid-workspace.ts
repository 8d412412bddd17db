"use client";

import { useCallback, useState, type RefObject } from "react";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";
import type { GridSpec } from "@/lib/grid/grid-plan";
import { generationRuntime } from "@/components/run/generation-runtime";
import type { GridSettings } from "@/lib/grid/grid-settings";
import type { HistoryRun } from "@/lib/history/history-types";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import type { GenerationFormApi } from "@/components/form/generation-form";
import type { HistoryApi } from "../history/use-history";
import type { PlaygroundMode } from "../mode-tabs";
import { whenIdle } from "@/lib/browser/when-idle";
import { requestOfCell, useGridRunner, type CellFinished } from "./use-grid-runner";
import { useGridViews } from "./use-grid-views";
import type { ExtraFieldsSetting } from "@/lib/request/extra-fields";

type WorkspaceOptions = {
  settings: GridSettings;
  promptMaxChars: number;
  extraFields: ExtraFieldsSetting;
  history: HistoryApi;
  formApiRef: RefObject<GenerationFormApi | null>;
  /** Shows one finished outcome in the single-run view. */
  showOutcome: (request: GenerationRequest, outcome: RunOutcome) => void;
};

/** A grid starts from the single form's model, prompt and ratio, with a second ratio to compare. */
export function initialGridSpec(values: GenerationRequestInput | undefined): GridSpec {
  const ratio = values?.aspect_ratio?.trim() || "1:1";
  return {
    prompts: values?.prompt?.trim() ?? "",
    models: values?.model?.trim() ?? "",
    ratios: ratio === "16:9" ? "16:9, 1:1" : `${ratio}, 16:9`,
  };
}

/** Single run or grid: the mode, the grid and its form, and grids from history opened or run again. */
export function useGridWorkspace({ settings, promptMaxChars, extraFields, history, formApiRef, showOutcome }: WorkspaceOptions) {
  const [mode, setMode] = useState<PlaygroundMode>("single");
  const [gridInitial, setGridInitial] = useState<GridSpec | null>(null);
  // Bumped when a grid from history fills the grid form, so the form starts again from it.
  const [gridFormKey, setGridFormKey] = useState(0);
  const { save: saveToHistory, restore: restoreSaved } = history;

  // Grid cells land in history as one group, each once the page is idle.
  const onCellFinished = useCallback(
    ({ session, cellIndex, request, outcome, startedAt }: CellFinished) => {
      const group = { id: session.id, cellIndex, cellCount: session.plan.cells.length, rowAxis: session.rowAxis, spec: session.spec };
      void whenIdle().then(() => saveToHistory(request, outcome, startedAt, group));
    },
    [saveToHistory],
  );
  const grid = useGridRunner(settings, onCellFinished);
  const views = useGridViews(mode === "grid");
  const { start: startGrid, show: showGrid, current: currentGrid } = grid;

  const switchMode = useCallback(
    (next: PlaygroundMode) => {
      // The grid starts from what the single form holds the first time it opens.
      if (next === "grid") setGridInitial((current) => current ?? initialGridSpec(formApiRef.current?.values()));
      // A grid or an arena sends requests next: the runtime that sends them comes with its views.
      if (next !== "single") void generationRuntime.load();
      setMode(next);
    },
    [formApiRef],
  );

  /** A grid cell in the single-run view: its request in the form, its whole answer on the right. */
  const openCell = useCallback(
    (index: number) => {
      const session = currentGrid();
      const outcome = session?.cells[index]?.outcome;
      if (!session || !outcome) return;
      setMode("single");
      showOutcome(requestOfCell(session.plan, index), outcome);
    },
    [currentGrid, showOutcome],
  );

  const showGridForm = useCallback((spec: GridSpec) => {
    setGridInitial(spec);
    setGridFormKey((key) => key + 1);
    setMode("grid");
  }, []);

  /** A grid from history, as it was saved: every cell's latest answer in the table again. */
  const openGrid = useCallback(
    async (cells: HistoryRun[]) => {
      const group = cells[0]?.group;
      if (!group) return;
      const { planGrid } = await generationRuntime.load();
      // Planned with the limits it was made under: a lower maximum set later does not hide a saved grid.
      const planned = planGrid(group.spec, {
        maxCells: group.cellCount,
        promptMaxChars: Number.MAX_SAFE_INTEGER,
        extraFields: { mode: "any" },
      });
      if (!planned.ok) return;
      const restored = new Map(
        await Promise.all(cells.map(async (run) => [run.group?.cellIndex ?? -1, (await restoreSaved(run)).outcome] as const)),
      );
      showGridForm(group.spec);
      showGrid({
        id: group.id,
        spec: group.spec,
        plan: planned.plan,
        rowAxis: group.rowAxis,
        cells: planned.plan.cells.map((cell) => {
          const outcome = restored.get(cell.index);
          return outcome
            ? { progress: { status: "done", attempts: 1, outcome }, outcome }
            : { progress: { status: "cancelled" }, outcome: null };
        }),
        pausedUntil: null,
        runningBatches: 0,
      });
    },
    [restoreSaved, showGrid, showGridForm],
  );

  /** Runs a saved grid again, as a new grid. */
  const rerunGrid = useCallback(
    async (cells: HistoryRun[]) => {
      const group = cells[0]?.group;
      if (!group) return;
      showGridForm(group.spec);
      const { planGrid } = await generationRuntime.load();
      const planned = planGrid(group.spec, { maxCells: settings.maxCells, promptMaxChars, extraFields });
      // A grid too large for today's limits stays in the form, where its problem is explained.
      if (planned.ok) startGrid(group.spec, planned.plan, group.rowAxis);
    },
    [startGrid, settings.maxCells, promptMaxChars, extraFields, showGridForm],
  );

  return { mode, switchMode, grid, views, gridInitial, gridFormKey, openCell, openGrid, rerunGrid };
}
