import { describe, expect, it } from "vitest";
import { parseDelimited } from "./delimited-text";
import { readBatchRows, type BatchRowOptions } from "./batch-rows";

const OPTIONS: BatchRowOptions = { promptMaxChars: 100, extraFields: { mode: "list", names: ["seed", "style"] }, maxRows: 10_000 };

describe("parseDelimited", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, and keeps each record's first line", () => {
    const parsed = parseDelimited('\uFEFFprompt,model\r\n"a fox, red","m"\n\n"two\nlines ""quoted""",m2\nlast,m3', ",");
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ["prompt", "model"] },
        { line: 2, fields: ["a fox, red", "m"] },
        { line: 4, fields: ['two\nlines "quoted"', "m2"] },
        { line: 6, fields: ["last", "m3"] },
      ],
    });
  });

  it("names the line of a quote never closed, and of text after a closing quote", () => {
    expect(parseDelimited('prompt\n"open\nstill open', ",")).toMatchObject({ ok: false, line: 2 });
    expect(parseDelimited('prompt,model\n"closed"x,m', ",")).toMatchObject({ ok: false, line: 2 });
  });

  it("reads tabs, and a file of 200,000 lines", () => {
    expect(parseDelimited("prompt\tmodel\na, b\tm", "\t")).toMatchObject({ ok: true, records: [{}, { fields: ["a, b", "m"] }] });
    const parsed = parseDelimited(`prompt\n${"x\n".repeat(200_000)}`, "\t");
    expect(parsed.ok && parsed.records.length).toBe(200_001);
    expect(parsed.ok && parsed.records.at(-1)).toEqual({ line: 200_001, fields: ["x"] });
  });
});

describe("readBatchRows", () => {
  it("refuses a CSV with two bad rows, naming their lines, and creates nothing", () => {
    const csv = [
      "prompt,model,aspect_ratio",
      "a red fox,flux,16:9",
      ",flux,1:1", // no prompt
      "a heron,flux,16:9",
      "a whale,flux,sixteen by nine",
      "a kite,flux,4:3",
    ].join("\n");
    const result = readBatchRows({ kind: "text", format: "csv", text: csv }, OPTIONS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.invalidRows).toBe(2);
    expect(result.problems.map((problem) => problem.line)).toEqual([3, 5]);
    expect(result.problems[0]?.message).toBe("Line 3: Enter a prompt.");
    expect(result.problems[1]?.message).toMatch(/^Line 5: /);
    expect(result.message).toBe("2 rows are not valid (lines 3, 5); a batch with invalid rows is not made.");
    // The form previews the rows that are fine beside the ones that are not.
    expect(result.validRows).toBe(3);
    expect(result.firstValidRows.map((row) => [row.line, row.request.prompt])).toEqual([
      [2, "a red fox"],
      [4, "a heron"],
      [6, "a kite"],
    ]);
  });

  it("turns each row into the request the form would send: trimmed, ratio normalised, other columns as extra fields", () => {
    const csv = 'Prompt,Model,Ratio,seed,style,notes\n  a fox  ,flux, 16 : 9 ,42,"{""a"":1}",\n';
    const result = readBatchRows({ kind: "text", format: "csv", text: csv }, { ...OPTIONS, columns: { notes: "" } });
    expect(result).toEqual({
      ok: true,
      rows: [{ line: 2, request: { prompt: "a fox", model: "flux", aspect_ratio: "16:9", extra: { seed: 42, style: { a: 1 } } } }],
    });
  });

  it("refuses a column the playground does not allow as an extra field, and a file without a prompt column", () => {
    const extra = readBatchRows({ kind: "text", format: "csv", text: "prompt,model,aspect_ratio,steps\na,m,1:1,30" }, OPTIONS);
    expect(extra).toMatchObject({ ok: false, problems: [{ line: 2, message: expect.stringContaining("steps") }] });
    const noPrompt = readBatchRows({ kind: "text", format: "tsv", text: "text\tmodel\na\tm" }, OPTIONS);
    expect(noPrompt).toMatchObject({
      ok: false,
      message: "The first line names the columns, and one must be prompt (it names “text”, “model”).",
    });
    const headerOnly = readBatchRows({ kind: "text", format: "csv", text: "prompt,model\n" }, OPTIONS);
    expect(headerOnly).toMatchObject({ ok: false, message: "The file names its columns and has no rows after them." });
    const wide = readBatchRows({ kind: "text", format: "csv", text: "prompt,model,aspect_ratio\na,m,1:1,extra cell" }, OPTIONS);
    expect(wide).toMatchObject({
      ok: false,
      problems: [{ line: 2, message: "Line 2 has 4 cells, more than the columns named on line 1." }],
    });
  });

  it("crosses each row with models and ratios, and counts the crossing against the most rows", () => {
    const text = "prompt\na fox\na heron";
    const crossed = readBatchRows(
      { kind: "text", format: "csv", text },
      { ...OPTIONS, cross: { models: ["m1", "m2", "m1"], ratios: ["1:1", "16:9"] } },
    );
    expect(crossed.ok && crossed.rows.map((row) => `${row.line} ${row.request.model} ${row.request.aspect_ratio}`)).toEqual([
      "2 m1 1:1",
      "2 m1 16:9",
      "2 m2 1:1",
      "2 m2 16:9",
      "3 m1 1:1",
      "3 m1 16:9",
      "3 m2 1:1",
      "3 m2 16:9",
    ]);
    const tooMany = readBatchRows(
      { kind: "text", format: "csv", text },
      { ...OPTIONS, maxRows: 7, cross: { models: ["m1", "m2"], ratios: ["1:1", "16:9"] } },
    );
    expect(tooMany).toMatchObject({
      ok: false,
      message: "That makes 8 requests (2 rows × 2 models × 2 ratios); a batch can have at most 7 (PLAYGROUND_BATCH_MAX_ROWS).",
    });
  });

  it("reads JSON lines and an API's rows, naming bad ones by line or by number", () => {
    const jsonl = '{"prompt":"a","model":"m","aspect_ratio":"1:1","seed":7}\n\nnot json\n[1]\n';
    const lines = readBatchRows({ kind: "text", format: "jsonl", text: jsonl }, OPTIONS);
    expect(lines).toMatchObject({
      ok: false,
      problems: [
        { line: 3, message: "Line 3 is not JSON." },
        { line: 4, message: 'Line 4 is not an object {"prompt": …}.' },
      ],
    });
    const api = readBatchRows(
      {
        kind: "rows",
        rows: [
          { prompt: "a", model: "m", aspect_ratio: "1:1", seed: 7 },
          { prompt: "b", model: "m" },
        ],
      },
      OPTIONS,
    );
    expect(api).toMatchObject({
      ok: false,
      message: "1 row is not valid (row 2); a batch with invalid rows is not made.",
      problems: [{ line: 2 }],
    });
    const good = readBatchRows({ kind: "rows", rows: [{ prompt: "a", model: "m", aspect_ratio: "1:1", seed: 7 }] }, OPTIONS);
    expect(good).toEqual({ ok: true, rows: [{ line: 1, request: { prompt: "a", model: "m", aspect_ratio: "1:1", extra: { seed: 7 } } }] });
    expect(readBatchRows({ kind: "rows", rows: [] }, OPTIONS)).toMatchObject({ ok: false, message: "There are no rows." });
  });

  it("lists at most 50 bad rows and counts them all", () => {
    const text = `prompt,model,aspect_ratio\n${",m,1:1\n".repeat(120)}`;
    const result = readBatchRows({ kind: "text", format: "csv", text }, OPTIONS);
    expect(result).toMatchObject({ ok: false, invalidRows: 120 });
    expect(!result.ok && result.problems).toHaveLength(50);
    expect(!result.ok && result.message).toBe(
      "120 rows are not valid (lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 110 more); a batch with invalid rows is not made.",
    );
  });
});
