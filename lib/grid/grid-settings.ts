/** Grid limits from the server's configuration, passed to the page. */
export type GridSettings = {
  /** Most cells in one grid; the route refuses cells of larger grids. */
  maxCells: number;
  /** Above this many requests the page asks before starting. */
  confirmAbove: number;
  /** Requests of one grid running at once (never above the playground's in-flight cap). */
  concurrency: number;
};
