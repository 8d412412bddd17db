import { GRID_AXES, type GridAxis, type GridCell, type GridPlan } from "./grid-plan";

/**
 * The table a grid is shown as: one axis down the rows, the other two across the columns (their
 * combinations, the first varying slowest). `rows[r][c]` is the cell shown there.
 */

export type GridTable = {
  rowAxis: GridAxis;
  columnAxes: [GridAxis, GridAxis];
  rowLabels: string[];
  columnLabels: string[][];
  rows: GridCell[][];
};

export function layoutGrid(plan: GridPlan, rowAxis: GridAxis): GridTable {
  const others = GRID_AXES.filter((axis) => axis !== rowAxis);
  const first = others[0] ?? "model";
  const second = others[1] ?? "ratio";
  const columns: [number, number][] = plan.axes[first].flatMap((_, a) => plan.axes[second].map((__, b): [number, number] => [a, b]));
  const byKey = new Map(plan.cells.map((cell) => [`${cell.key.prompt}/${cell.key.model}/${cell.key.ratio}`, cell]));
  const find = (row: number, [a, b]: [number, number]) => {
    const key: Record<GridAxis, number> = { prompt: 0, model: 0, ratio: 0 };
    key[rowAxis] = row;
    key[first] = a;
    key[second] = b;
    return byKey.get(`${key.prompt}/${key.model}/${key.ratio}`);
  };
  return {
    rowAxis,
    columnAxes: [first, second],
    rowLabels: plan.axes[rowAxis],
    columnLabels: columns.map(([a, b]) => [plan.axes[first][a] ?? "", plan.axes[second][b] ?? ""]),
    rows: plan.axes[rowAxis].map((_, row) => columns.flatMap((column) => find(row, column) ?? [])),
  };
}
