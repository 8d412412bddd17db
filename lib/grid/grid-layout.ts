import { activeAxes, type GridAxis, type GridCell, type GridPlan } from "./grid-plan";

/**
 * The table a grid is shown as: one axis down the rows, the others across the columns (their
 * combinations, the first varying slowest). `rows[r][c]` is the cell shown there. The field axis
 * takes part only when the grid sweeps a field.
 */

export type GridTable = {
  rowAxis: GridAxis;
  columnAxes: GridAxis[];
  rowLabels: string[];
  /** One label per column axis, for each column. */
  columnLabels: string[][];
  rows: GridCell[][];
};

const keyText = (key: Record<GridAxis, number>) => `${key.prompt}/${key.model}/${key.ratio}/${key.field}`;

export function layoutGrid(plan: GridPlan, rowAxis: GridAxis): GridTable {
  const axes = activeAxes(plan);
  const row = axes.includes(rowAxis) ? rowAxis : "prompt";
  const columnAxes = axes.filter((axis) => axis !== row);
  // Every combination of the column axes' positions, the first axis varying slowest.
  let columns: number[][] = [[]];
  for (const axis of columnAxes) columns = columns.flatMap((prefix) => plan.axes[axis].map((_, index) => [...prefix, index]));
  const byKey = new Map(plan.cells.map((cell) => [keyText(cell.key), cell]));
  const find = (rowIndex: number, column: number[]) => {
    const key: Record<GridAxis, number> = { prompt: 0, model: 0, ratio: 0, field: 0 };
    key[row] = rowIndex;
    columnAxes.forEach((axis, position) => (key[axis] = column[position] ?? 0));
    return byKey.get(keyText(key));
  };
  return {
    rowAxis: row,
    columnAxes,
    rowLabels: plan.axes[row],
    columnLabels: columns.map((column) => columnAxes.map((axis, position) => plan.axes[axis][column[position] ?? 0] ?? "")),
    rows: plan.axes[row].map((_, rowIndex) => columns.flatMap((column) => find(rowIndex, column) ?? [])),
  };
}
