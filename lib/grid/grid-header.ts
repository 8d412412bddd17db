/**
 * Each request of a grid says which cell it is: "index/total". The server refuses cells of a
 * grid larger than its maximum, so the limit holds for anything that calls the route as a grid.
 */
export const GRID_CELL_HEADER = "x-playground-grid-cell";

export function gridCellHeader(index: number, total: number): string {
  return `${index}/${total}`;
}

export function parseGridCellHeader(value: string): { index: number; total: number } | null {
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(value.trim());
  if (!match) return null;
  const index = Number(match[1]);
  const total = Number(match[2]);
  return index < total ? { index, total } : null;
}
