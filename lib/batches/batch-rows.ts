import { formatCount } from "@/lib/utils/format-count";
import "@/lib/request/zod-setup";
import { makeGenerationRequestSchema, type GenerationRequest } from "@/lib/request/generation-request";
import type { ExtraFieldsSetting, JsonValue } from "@/lib/request/extra-fields";
import { parseDelimited } from "./delimited-text";

/**
 * A batch's rows, from what a person uploads or pastes (CSV, TSV, JSON lines) or an API caller
 * sends (a JSON array of rows): each row becomes the request the form would send, checked by the
 * same schema as the form and the route. A batch is all or nothing: one bad row and none is made,
 * and every bad row is named by its line (or its place in the array) and what is wrong with it.
 */

export type BatchRow = { line: number; request: GenerationRequest };
export type BatchRowProblem = { line: number; message: string };

export type BatchRowsResult =
  | { ok: true; rows: BatchRow[] }
  | {
      ok: false;
      /** One sentence for the whole refusal. */
      message: string;
      /** The first bad rows, each with its line (CSV, TSV, JSON lines) or its number (a JSON array). */
      problems: BatchRowProblem[];
      invalidRows: number;
      /** The rows that are fine (when only some are not): how many, and the first few, for the form's preview. */
      validRows: number;
      firstValidRows: BatchRow[];
    };

export type BatchSource = { kind: "rows"; rows: readonly unknown[] } | { kind: "text"; format: "csv" | "tsv" | "jsonl"; text: string };

export type BatchRowOptions = {
  promptMaxChars: number;
  extraFields: ExtraFieldsSetting;
  maxRows: number;
  /** A column's name → the field it fills ("prompt", "model", "aspect_ratio", an extra field), or "" to leave it out. */
  columns?: Readonly<Record<string, string>>;
  /** Each row once per model and per ratio given, in place of the row's own. */
  cross?: { models: readonly string[]; ratios: readonly string[] };
};

/** How many bad rows a refusal lists; the count says how many there are in all. */
export const BATCH_PROBLEMS_LISTED = 50;
/** How many rows the form's preview shows (a refusal keeps this many of its valid rows for it). */
export const BATCH_PREVIEW_ROWS = 5;

/** Column names people write for the three fields. */
const FIELD_NAMES: Record<string, "prompt" | "model" | "aspect_ratio"> = {
  prompt: "prompt",
  model: "model",
  aspect_ratio: "aspect_ratio",
  "aspect ratio": "aspect_ratio",
  "aspect-ratio": "aspect_ratio",
  aspectratio: "aspect_ratio",
  ratio: "aspect_ratio",
};

type RawRow = { line: number; fields: Record<string, unknown> };

const refused = (message: string, problems: BatchRowProblem[] = [], valid: readonly BatchRow[] = []): BatchRowsResult => ({
  ok: false,
  message,
  problems: problems.slice(0, BATCH_PROBLEMS_LISTED),
  invalidRows: problems.length,
  validRows: valid.length,
  firstValidRows: valid.slice(0, BATCH_PREVIEW_ROWS),
});

/** A spreadsheet cell as an extra field's value: a number, true/false, null, or JSON in it; else its text. */
function cellValue(text: string): JsonValue {
  const trimmed = text.trim();
  if (/^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)$/.test(trimmed) || /^[[{]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed) as JsonValue;
    } catch {
      return text;
    }
  }
  return text;
}

function fieldOf(column: string, columns: BatchRowOptions["columns"]): string {
  const mapped = columns?.[column];
  if (mapped !== undefined) return mapped;
  return FIELD_NAMES[column.trim().toLowerCase()] ?? column.trim();
}

function rowsOfDelimited(text: string, delimiter: "," | "\t", options: BatchRowOptions): RawRow[] | BatchRowsResult {
  const parsed = parseDelimited(text, delimiter);
  if (!parsed.ok) return refused(parsed.message, [{ line: parsed.line, message: parsed.message }]);
  const [header, ...records] = parsed.records;
  if (!header)
    return refused("There are no rows: the first line names the columns (prompt, model, aspect_ratio…), each line after it is a row.");
  const fields = header.fields.map((column) => fieldOf(column, options.columns));
  if (!fields.includes("prompt")) {
    const found = header.fields.map((column) => `“${column.trim()}”`).join(", ");
    return refused(`The first line names the columns, and one must be prompt (it names ${found}).`, [
      { line: header.line, message: "No prompt column." },
    ]);
  }
  if (records.length === 0) return refused("The file names its columns and has no rows after them.");
  return records.map((record) => {
    const row: Record<string, unknown> = {};
    const extra: Record<string, JsonValue> = {};
    fields.forEach((field, index) => {
      const cell = record.fields[index] ?? "";
      if (field === "") return;
      if (field === "prompt" || field === "model" || field === "aspect_ratio") row[field] = cell;
      else if (cell.trim() !== "") extra[field] = cellValue(cell);
    });
    if (record.fields.length > fields.length && record.fields.slice(fields.length).some((cell) => cell.trim() !== "")) {
      row.__tooManyCells = record.fields.length;
    }
    if (Object.keys(extra).length > 0) row.extra = extra;
    return { line: record.line, fields: row };
  });
}

function rowsOfJsonLines(text: string): RawRow[] {
  return text.split(/\r?\n/).flatMap((lineText, index) => {
    if (lineText.trim() === "") return [];
    try {
      return [{ line: index + 1, fields: splitExtra(JSON.parse(lineText)) }];
    } catch {
      return [{ line: index + 1, fields: { __notJson: true } }];
    }
  });
}

/** An API row `{"prompt", "model", "aspect_ratio", …extra fields}` as the schema takes it. */
function splitExtra(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { __notObject: true };
  const { prompt, model, aspect_ratio, ...rest } = value as Record<string, unknown>;
  return { prompt, model, aspect_ratio, ...(Object.keys(rest).length > 0 ? { extra: rest } : {}) };
}

/** Reads, crosses and checks every row; refuses the whole batch if any row is bad. */
export function readBatchRows(source: BatchSource, options: BatchRowOptions): BatchRowsResult {
  let raw: RawRow[];
  if (source.kind === "rows") {
    raw = source.rows.map((row, index) => ({ line: index + 1, fields: splitExtra(row) }));
  } else if (source.format === "jsonl") {
    raw = rowsOfJsonLines(source.text);
  } else {
    const read = rowsOfDelimited(source.text, source.format === "csv" ? "," : "\t", options);
    if (!Array.isArray(read)) return read;
    raw = read;
  }
  if (raw.length === 0) return refused("There are no rows.");

  const models = [...new Set((options.cross?.models ?? []).map((model) => model.trim()).filter(Boolean))];
  const ratios = [...new Set((options.cross?.ratios ?? []).map((ratio) => ratio.trim()).filter(Boolean))];
  const total = raw.length * Math.max(1, models.length) * Math.max(1, ratios.length);
  if (total > options.maxRows) {
    const crossed =
      total === raw.length ? "" : ` (${formatCount(raw.length)} rows × ${models.length || 1} models × ${ratios.length || 1} ratios)`;
    return refused(
      `That makes ${formatCount(total)} requests${crossed}; a batch can have at most ${formatCount(options.maxRows)} (PLAYGROUND_BATCH_MAX_ROWS).`,
    );
  }

  const schema = makeGenerationRequestSchema({ promptMaxChars: options.promptMaxChars, extraFields: options.extraFields });
  const rows: BatchRow[] = [];
  const problems: BatchRowProblem[] = [];
  const where = source.kind === "rows" ? "Row" : "Line";
  for (const { line, fields } of raw) {
    if (fields.__notJson || fields.__notObject) {
      problems.push({
        line,
        message: fields.__notJson ? `${where} ${line} is not JSON.` : `${where} ${line} is not an object {"prompt": …}.`,
      });
      continue;
    }
    if (typeof fields.__tooManyCells === "number") {
      problems.push({ line, message: `${where} ${line} has ${fields.__tooManyCells} cells, more than the columns named on line 1.` });
      continue;
    }
    const variants = (models.length > 0 ? models : [fields.model]).flatMap((model) =>
      (ratios.length > 0 ? ratios : [fields.aspect_ratio]).map((aspect_ratio) => ({ ...fields, model, aspect_ratio })),
    );
    for (const variant of variants) {
      const parsed = schema.safeParse(variant);
      if (parsed.success) {
        rows.push({ line, request: parsed.data });
        continue;
      }
      const reasons = [...new Set(parsed.error.issues.map((issue) => issue.message))].join(" ");
      problems.push({ line, message: `${where} ${line}: ${reasons}` });
      break; // one message per row, even crossed
    }
  }
  if (problems.length > 0) {
    const lines = problems.slice(0, 10).map((problem) => problem.line);
    const more = problems.length > lines.length ? ` and ${problems.length - lines.length} more` : "";
    const noun = where === "Row" ? (problems.length === 1 ? "row" : "rows") : problems.length === 1 ? "line" : "lines";
    return refused(
      `${formatCount(problems.length)} ${problems.length === 1 ? "row is" : "rows are"} not valid (${noun} ${lines.join(", ")}${more}); a batch with invalid rows is not made.`,
      problems,
      rows,
    );
  }
  return { ok: true, rows };
}
