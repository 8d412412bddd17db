// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { planGrid } from "@/lib/grid/grid-plan";
import { useGridRunner, useGridSession, type GridSession } from "./use-grid-runner";

const settings = { concurrency: 2, maxCells: 16, confirmAbove: 100 };

function savedGrid(id: string): GridSession {
  const planned = planGrid(
    { prompts: "a fox\na lighthouse", models: "m0", ratios: "1:1" },
    { maxCells: 16, promptMaxChars: 1000, extraFields: { mode: "any" } },
  );
  if (!planned.ok) throw new Error("the plan should be valid");
  return {
    id,
    spec: { prompts: "a fox\na lighthouse", models: "m0", ratios: "1:1" },
    plan: planned.plan,
    rowAxis: "prompt",
    cells: planned.plan.cells.map(() => ({ progress: { status: "cancelled" }, outcome: null })),
    pausedUntil: null,
    runningBatches: 0,
  };
}

afterEach(cleanup);

describe("useGridSession", () => {
  it("follows the runner's session, and a slice that did not change does not render its reader again", () => {
    let hostRenders = 0;
    const { result } = renderHook(() => {
      hostRenders += 1;
      const grid = useGridRunner(settings, () => undefined);
      const id = useGridSession(grid, (session) => session?.id ?? null);
      return { grid, id };
    });
    const { result: table } = renderHook(({ grid }) => useGridSession(grid, (session) => session), {
      initialProps: { grid: result.current.grid },
    });
    expect(result.current.id).toBeNull();
    expect(table.current).toBeNull();

    act(() => result.current.grid.show(savedGrid("g1")));
    expect(result.current.id).toBe("g1");
    expect(table.current?.rowAxis).toBe("prompt");
    const rendersAfterShow = hostRenders;

    // A change inside the grid (here its row axis; a cell's progress alike) reaches the table only.
    act(() => result.current.grid.setRowAxis("ratio"));
    expect(table.current?.rowAxis).toBe("ratio");
    expect(hostRenders).toBe(rendersAfterShow);

    act(() => result.current.grid.show(savedGrid("g2")));
    expect(result.current.id).toBe("g2");
    expect(table.current?.id).toBe("g2");
    expect(table.current?.rowAxis).toBe("prompt");
  });
});
