import { COLLECTION_NAME_MAX_CHARS } from "@/lib/library/collection-types";
import type { GridPlan } from "./grid-plan";

/**
 * A grid sent to the server as a batch: one row per cell, in the batch API's own shape, so the
 * server checks the rows exactly as it checks an upload.
 */

export function gridBatchRows(plan: GridPlan): Record<string, unknown>[] {
  return plan.cells.map((cell) => ({ ...cell.extra, prompt: cell.prompt, model: cell.model, aspect_ratio: cell.aspect_ratio }));
}

/** "Grid: a red fox in snow +1 prompt": the first prompt says which grid it was on the Batches page. */
export function gridBatchName(plan: GridPlan): string {
  const prompts = plan.axes.prompt;
  const more = prompts.length > 1 ? ` +${prompts.length - 1} prompt${prompts.length === 2 ? "" : "s"}` : "";
  // A batch's name is its collection's name, so it is held to a collection name's length.
  const room = COLLECTION_NAME_MAX_CHARS - "Grid: ".length - more.length;
  const first = (prompts[0] ?? "").replace(/\s+/g, " ").trim();
  return `Grid: ${first.length > room ? `${first.slice(0, room - 1)}…` : first}${more}`;
}
