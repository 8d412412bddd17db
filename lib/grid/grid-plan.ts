import { explainAspectRatioProblem, normaliseAspectRatioText } from "@/lib/request/request-fields";
import { expandAlternations } from "./expand-prompt";
import { checkExtraFields, EXTRA_FIELDS_OFF, type ExtraFields, type ExtraFieldsSetting, type JsonValue } from "@/lib/request/extra-fields";

/**
 * A grid: prompt variants × models × ratios, one request per combination. The plan says what each
 * axis holds and every cell it makes, or what must be fixed first.
 */

export type GridAxis = "prompt" | "model" | "ratio" | "field";
export const GRID_AXES: readonly GridAxis[] = ["prompt", "model", "ratio", "field"];

/**
 * `field` and `fieldValues`: the fourth axis, one extra request field swept over a list of values
 * ("seed" over "1, 2, 3"); empty when the grid has none (grids saved before it existed lack them).
 */
export type GridSpec = { prompts: string; models: string; ratios: string; field?: string; fieldValues?: string };
export type GridCell = {
  index: number;
  prompt: string;
  model: string;
  aspect_ratio: string;
  /** The swept field's value for this cell, when the grid sweeps one. */
  extra?: ExtraFields;
  key: Record<GridAxis, number>;
};
/** `field` is the swept field's name ("" without one); `axes.field` the values as written ("" alone without one). */
export type GridPlan = { axes: Record<GridAxis, string[]>; field: string; cells: GridCell[] };

/** An axis that actually varies: the field axis only when the grid sweeps a field. */
export function activeAxes(plan: Pick<GridPlan, "field">): GridAxis[] {
  return GRID_AXES.filter((axis) => axis !== "field" || plan.field !== "");
}

/** A value as typed in the list: JSON when it parses (1, true, "a b", [1,2]), else the text itself. */
function fieldValue(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
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

export function planGrid(
  spec: GridSpec,
  limits: { maxCells: number; promptMaxChars: number; extraFields?: ExtraFieldsSetting },
): GridPlanResult {
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
  const field = (spec.field ?? "").trim();
  const values = field === "" ? [""] : listOf(spec.fieldValues ?? "");
  if (field === "" && listOf(spec.fieldValues ?? "").length > 0) errors.field = "Name the field these values are for, e.g. seed.";
  if (field !== "") {
    if (values.length === 0) errors.fieldValues = `Enter the values of ${field}, separated by commas, e.g. 1, 2, 3.`;
    // Each value must pass the same rules as the single run's extra fields (allowed name, size, keys).
    const refusal = values
      .map((value) => checkExtraFields({ [field]: fieldValue(value) }, limits.extraFields ?? EXTRA_FIELDS_OFF))
      .find((checked) => !checked.ok);
    if (refusal && !refusal.ok) errors.field = refusal.message;
  }
  const count = prompts.length * models.length * ratios.length * Math.max(1, values.length);
  if (count > limits.maxCells)
    errors.size = `That makes ${count > limits.maxCells * limits.maxCells ? "far more than" : count} requests; a grid can have at most ${limits.maxCells}.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors, count };

  const cells: GridCell[] = [];
  prompts.forEach((prompt, promptIndex) =>
    models.forEach((model, modelIndex) =>
      ratios.forEach((ratio, ratioIndex) =>
        values.forEach((value, valueIndex) => {
          cells.push({
            index: cells.length,
            prompt,
            model,
            aspect_ratio: ratio,
            ...(field === "" ? {} : { extra: { [field]: fieldValue(value) } }),
            key: { prompt: promptIndex, model: modelIndex, ratio: ratioIndex, field: valueIndex },
          });
        }),
      ),
    ),
  );
  return { ok: true, plan: { axes: { prompt: prompts, model: models, ratio: ratios, field: values }, field, cells } };
}
