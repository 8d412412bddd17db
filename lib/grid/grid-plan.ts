import { explainAspectRatioProblem, normaliseAspectRatioText } from "@/lib/request/generation-request";
import { expandAlternations } from "./expand-prompt";

/**
 * A grid: prompt variants × models × ratios, one request per combination. The plan says what each
 * axis holds and every cell it makes, or what must be fixed first.
 */

export type GridAxis = "prompt" | "model" | "ratio";
export const GRID_AXES: readonly GridAxis[] = ["prompt", "model", "ratio"];

export type GridSpec = { prompts: string; models: string; ratios: string };
export type GridCell = { index: number; prompt: string; model: string; aspect_ratio: string; key: Record<GridAxis, number> };
export type GridPlan = { axes: Record<GridAxis, string[]>; cells: GridCell[] };
export type GridPlanResult =
  { ok: true; plan: GridPlan } | { ok: false; errors: Partial<Record<keyof GridSpec | "size", string>>; count: number };

const unique = (values: string[]) => [...new Set(values)];
/** The distinct entries of a list typed with commas or new lines. */
export const listOf = (text: string) =>
  unique(
    text
      .split(/[\n,]/)
      .map((value) => value.trim())
      .filter(Boolean),
  );

export function planGrid(spec: GridSpec, limits: { maxCells: number; promptMaxChars: number }): GridPlanResult {
  const errors: Partial<Record<keyof GridSpec | "size", string>> = {};
  const lines = spec.prompts
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  // One more than the maximum is enough to know a grid is too large.
  const prompts = unique(lines.flatMap((line) => expandAlternations(line, limits.maxCells + 1)));
  const models = listOf(spec.models);
  const ratios = unique(listOf(spec.ratios).map(normaliseAspectRatioText));
  if (prompts.length === 0) errors.prompts = "Enter at least one prompt (one per line, or {a|b} alternatives).";
  const tooLong = prompts.find((prompt) => [...prompt].length > limits.promptMaxChars);
  if (tooLong) errors.prompts = `A prompt variant has more than ${limits.promptMaxChars} characters: “${tooLong.slice(0, 60)}…”.`;
  if (models.length === 0) errors.models = "Enter at least one model.";
  if (ratios.length === 0) errors.ratios = "Pick at least one aspect ratio.";
  const badRatio = ratios.map((ratio) => [ratio, explainAspectRatioProblem(ratio)] as const).find(([, problem]) => problem);
  if (badRatio) errors.ratios = `${badRatio[0]}: ${badRatio[1]}`;
  const count = prompts.length * models.length * ratios.length;
  if (count > limits.maxCells)
    errors.size = `That makes ${count > limits.maxCells * limits.maxCells ? "far more than" : count} requests; a grid can have at most ${limits.maxCells}.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors, count };

  const cells: GridCell[] = [];
  prompts.forEach((prompt, promptIndex) =>
    models.forEach((model, modelIndex) =>
      ratios.forEach((ratio, ratioIndex) => {
        cells.push({
          index: cells.length,
          prompt,
          model,
          aspect_ratio: ratio,
          key: { prompt: promptIndex, model: modelIndex, ratio: ratioIndex },
        });
      }),
    ),
  );
  return { ok: true, plan: { axes: { prompt: prompts, model: models, ratio: ratios }, cells } };
}
