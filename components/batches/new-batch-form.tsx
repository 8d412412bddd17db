"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { Field } from "@/components/ui/field";
import { inputClassName } from "@/components/ui/field-message";
import { buttonClass } from "@/components/ui/button";
import { BATCH_PREVIEW_ROWS, readBatchRows, type BatchRow, type BatchRowsResult } from "@/lib/batches/batch-rows";
import { parseDelimited } from "@/lib/batches/delimited-text";
import { createBatch } from "@/lib/browser/batches/batch-client";
import type { ExtraFieldsSetting } from "@/lib/request/extra-fields";

/** What the form needs to check rows as the server will. */
export type BatchFormSettings = {
  promptMaxChars: number;
  extraFields: ExtraFieldsSetting;
  maxRows: number;
  concurrency: number;
};

type Format = "csv" | "tsv" | "jsonl";

/** A column left out of the rows sent. */
const LEAVE_OUT = "";
/** A column read by its name: the three fields by their usual names, anything else an extra field (when IMAGE_EXTRA_FIELDS allows it). */
const AS_NAMED = "\u0000as-named";

/** The format a file or a paste is in: by the file's name, else by its first line. */
function guessFormat(text: string, fileName: string | null): Format {
  if (fileName && /\.tsv$/i.test(fileName)) return "tsv";
  if (fileName && /\.(jsonl|ndjson)$/i.test(fileName)) return "jsonl";
  if (fileName && /\.csv$/i.test(fileName)) return "csv";
  const first = text.trimStart().split(/\r?\n/, 1)[0] ?? "";
  if (first.startsWith("{")) return "jsonl";
  return first.includes("\t") ? "tsv" : "csv";
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");

/**
 * A new batch: rows pasted or from a file (CSV, TSV, JSON lines), each column mapped to a field,
 * optionally crossed with models and ratios; a preview of the first rows and of every invalid one
 * (its line and why) before anything is sent. The server checks them again, all or nothing.
 */
export function NewBatchForm({ settings, onMade }: { settings: BatchFormSettings; onMade: (id: string) => void }) {
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [format, setFormat] = useState<Format | "auto">("auto");
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [models, setModels] = useState("");
  const [ratios, setRatios] = useState("");
  const [concurrency, setConcurrency] = useState(String(settings.concurrency));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; lines: { line: string; message: string }[] } | null>(null);

  // Checking thousands of rows as the person types: the preview may trail the text a moment.
  const deferredText = useDeferredValue(text);
  const actualFormat: Format = format === "auto" ? guessFormat(deferredText, fileName) : format;
  const headerColumns = useMemo(() => {
    if (actualFormat === "jsonl" || deferredText.trim() === "") return [];
    const firstLine = deferredText.trimStart().split(/\r?\n/, 1)[0] ?? "";
    const parsed = parseDelimited(firstLine, actualFormat === "tsv" ? "\t" : ",");
    return parsed.ok ? (parsed.records[0]?.fields ?? []).map((field) => field.trim()).filter((field) => field !== "") : [];
  }, [deferredText, actualFormat]);
  const columns = useMemo(
    () =>
      Object.fromEntries(
        // Only what the person chose: left alone, a column goes by its name ("ratio" is the aspect ratio).
        Object.entries(mapping).filter(([column, field]) => headerColumns.includes(column) && field !== AS_NAMED),
      ),
    [mapping, headerColumns],
  );
  const cross = useMemo(() => {
    const crossModels = lines(models);
    const crossRatios = lines(ratios);
    return crossModels.length > 0 || crossRatios.length > 0 ? { models: crossModels, ratios: crossRatios } : null;
  }, [models, ratios]);
  const checked: BatchRowsResult | null = useMemo(() => {
    if (deferredText.trim() === "") return null;
    return readBatchRows(
      { kind: "text", format: actualFormat, text: deferredText },
      {
        promptMaxChars: settings.promptMaxChars,
        extraFields: settings.extraFields,
        maxRows: settings.maxRows,
        columns,
        ...(cross ? { cross } : {}),
      },
    );
  }, [deferredText, actualFormat, columns, cross, settings]);

  const concurrencyValue = Number(concurrency);
  const concurrencyError =
    Number.isInteger(concurrencyValue) && concurrencyValue >= 1 && concurrencyValue <= 64 ? undefined : "A whole number from 1 to 64.";

  const submit = async () => {
    if (!checked?.ok || concurrencyError) return;
    setBusy(true);
    setRefusal(null);
    const made = await createBatch({
      name: name.trim(),
      text,
      format: actualFormat,
      columns,
      ...(cross ? { cross } : {}),
      concurrency: concurrencyValue,
    });
    setBusy(false);
    if (!made.ok) return setRefusal({ message: made.message, lines: made.lines });
    setText("");
    setName("");
    setFileName(null);
    onMade(made.id);
  };

  return (
    <form
      aria-label="New batch"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field id="batch-name" label="Name" hint="Its runs go to a collection of this name.">
        {(control) => (
          <input
            {...control}
            value={name}
            maxLength={80}
            placeholder="Spring campaign prompts"
            className={inputClassName}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field
        id="batch-rows"
        label="Rows"
        hint="Paste CSV or TSV with a header line (prompt, model, aspect_ratio, and any extra field), or one JSON object per line."
        aside={
          <label className={buttonClass("secondary", "sm")}>
            Open a file…
            <input
              type="file"
              accept=".csv,.tsv,.jsonl,.ndjson,.txt,text/csv,text/tab-separated-values"
              className="sr-only"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                setFileName(file.name);
                setText(await file.text());
                event.target.value = "";
              }}
            />
          </label>
        }
      >
        {(control) => (
          <textarea
            {...control}
            value={text}
            rows={8}
            spellCheck={false}
            placeholder={"prompt,model,aspect_ratio\na lighthouse at dawn,demo-geometric,16:9"}
            className={`${inputClassName} font-mono text-xs`}
            onChange={(event) => {
              setText(event.target.value);
              setFileName(null);
            }}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="batch-format" label="Format" hint={format === "auto" ? `Read as ${actualFormat.toUpperCase()}.` : undefined}>
          {(control) => (
            <select
              {...control}
              value={format}
              className={inputClassName}
              onChange={(event) => setFormat(event.target.value as Format | "auto")}
            >
              <option value="auto">Tell from the text</option>
              <option value="csv">CSV</option>
              <option value="tsv">TSV</option>
              <option value="jsonl">JSON lines</option>
            </select>
          )}
        </Field>
        <Field id="batch-models" label="Each row on these models" hint="Optional; commas or lines. Replaces each row's model.">
          {(control) => (
            <input
              {...control}
              value={models}
              placeholder="model-a, model-b"
              className={inputClassName}
              onChange={(event) => setModels(event.target.value)}
            />
          )}
        </Field>
        <Field id="batch-ratios" label="Each row at these ratios" hint="Optional; replaces each row's ratio.">
          {(control) => (
            <input
              {...control}
              value={ratios}
              placeholder="1:1, 16:9"
              className={inputClassName}
              onChange={(event) => setRatios(event.target.value)}
            />
          )}
        </Field>
      </div>
      {headerColumns.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">Columns</legend>
          <div className="flex flex-wrap gap-3">
            {headerColumns.map((column) => (
              <label key={column} className="flex items-center gap-2 text-sm">
                <span className="font-mono text-xs">{column}</span>
                <select
                  aria-label={`Column ${column}`}
                  value={mapping[column] ?? AS_NAMED}
                  className="rounded-md border border-zinc-300 bg-white px-1 py-0.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
                  onChange={(event) => setMapping((current) => ({ ...current, [column]: event.target.value }))}
                >
                  <option value={AS_NAMED}>by its name</option>
                  <option value="prompt">prompt</option>
                  <option value="model">model</option>
                  <option value="aspect_ratio">aspect ratio</option>
                  <option value={LEAVE_OUT}>leave out</option>
                </select>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <BatchPreview checked={checked} />
      <div className="flex flex-wrap items-end gap-4">
        <Field id="batch-concurrency" label="Rows at once" error={concurrencyError} className="w-36">
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={concurrency}
              className={inputClassName}
              onChange={(event) => setConcurrency(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={busy || !checked?.ok || concurrencyError !== undefined} className={buttonClass("primary", "md")}>
          {busy
            ? "Starting…"
            : checked?.ok
              ? `Start batch of ${checked.rows.length} row${checked.rows.length === 1 ? "" : "s"}`
              : "Start batch"}
        </button>
      </div>
      {refusal && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200">
          <p>{refusal.message}</p>
          {refusal.lines.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {refusal.lines.map((line) => (
                <li key={line.line}>{line.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

/** The first rows as they will be sent, and every invalid row with its line and why. */
function BatchPreview({ checked }: { checked: BatchRowsResult | null }) {
  if (!checked) return null;
  if (!checked.ok) {
    const { validRows, firstValidRows } = checked;
    return (
      <div className="space-y-3">
        <div
          data-testid="batch-preview"
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
        >
          <p className="font-medium">{checked.message}</p>
          <ul className="mt-1 list-disc pl-5">
            {checked.problems.map((problem) => (
              <li key={problem.line}>{problem.message}</li>
            ))}
          </ul>
        </div>
        {validRows > 0 && (
          <RowsTable
            caption={`${validRows} ${validRows === 1 ? "other row is" : "other rows are"} fine${validRows > firstValidRows.length ? `; the first ${firstValidRows.length}:` : ":"}`}
            rows={firstValidRows}
          />
        )}
      </div>
    );
  }
  const { rows } = checked;
  return (
    <div data-testid="batch-preview">
      <RowsTable
        caption={`${rows.length} row${rows.length === 1 ? "" : "s"} ready${rows.length > BATCH_PREVIEW_ROWS ? `; the first ${BATCH_PREVIEW_ROWS}:` : ":"}`}
        rows={rows.slice(0, BATCH_PREVIEW_ROWS)}
      />
    </div>
  );
}

/** Rows as they will be sent: line, the three fields and any extra field. */
function RowsTable({ caption, rows }: { caption: string; rows: readonly BatchRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left text-sm text-muted">{caption}</caption>
        <thead className="bg-zinc-50 text-xs text-muted dark:bg-zinc-900">
          <tr>
            <th className="px-3 py-1 font-medium">Line</th>
            <th className="px-3 py-1 font-medium">Prompt</th>
            <th className="px-3 py-1 font-medium">Model</th>
            <th className="px-3 py-1 font-medium">Ratio</th>
            <th className="px-3 py-1 font-medium">Extra fields</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className="px-3 py-1 tabular-nums">{row.line}</td>
              <td className="max-w-md truncate px-3 py-1">{row.request.prompt}</td>
              <td className="px-3 py-1">{row.request.model}</td>
              <td className="px-3 py-1">{row.request.aspect_ratio}</td>
              <td className="px-3 py-1 font-mono text-xs">{row.request.extra ? JSON.stringify(row.request.extra) : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
