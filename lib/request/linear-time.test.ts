import { describe, expect, it } from "vitest";
import { doublingRatio, repeatTo as repeat } from "@/test-support/time-ratio";
import { makeGenerationRequestSchema } from "./generation-request";
import { explainAspectRatioProblem, normaliseAspectRatioText } from "./request-fields";
import { checkExtraFields } from "./extra-fields";
import { feedbackInputSchema } from "./share-feedback";
import { readSharedFields, safeNextPath } from "./share-link";
import { parseGridCellHeader } from "@/lib/grid/grid-header";
import { parseScript } from "./presenter-script";
import { readBatchRows } from "@/lib/batches/batch-rows";

/**
 * Every validator that reads what a browser (or anyone on the network) sends, on adversarial
 * input of n and 2n characters (256 KB and 512 KB): the time may double, not grow as the square.
 * A ratio, not a time, so a slow machine does not fail it and a quadratic pattern does (the
 * ratio's old `\s*:\s*` took 4.2×, about 250 ms, for 16,000 spaces).
 */

const SIZE = 256 * 1024;

const ATTACKS: Record<string, (size: number) => string> = {
  "a run of spaces between two letters": (size) => `a${repeat(" ", size)}a`,
  "spaces around colons": (size) => repeat(" : ", size),
  digits: (size) => `${repeat("1", size)}x`,
  "digits and x": (size) => repeat("1x", size),
  "braces that never close": (size) => repeat("{", size),
  "brackets that never close": (size) => repeat("[", size),
  slashes: (size) => repeat("/", size),
  "control characters": (size) => repeat("\u0001", size),
  "long word": (size) => repeat("a", size),
  "JSON object with many keys": (size) => `{${repeat('"a":1,', size - 8)}"b":2}`,
};

const BATCH_OPTIONS = { promptMaxChars: 4000, extraFields: { mode: "any" } as const, maxRows: 10_000 };

const schema = makeGenerationRequestSchema({ promptMaxChars: 4000, extraFields: { mode: "any" } });

const validators: Record<string, (text: string) => unknown> = {
  "aspect ratio": (text) => schema.safeParse({ model: "m", prompt: "p", aspect_ratio: text }),
  model: (text) => schema.safeParse({ model: text, prompt: "p", aspect_ratio: "1:1" }),
  prompt: (text) => schema.safeParse({ model: "m", prompt: text, aspect_ratio: "1:1" }),
  "extra fields as text": (text) => schema.safeParse({ model: "m", prompt: "p", aspect_ratio: "1:1", extra: text }),
  "extra fields rule": (text) => checkExtraFields(text, { mode: "list", names: ["seed"] }),
  normaliseAspectRatioText: (text) => normaliseAspectRatioText(text),
  explainAspectRatioProblem: (text) => explainAspectRatioProblem(text),
  "feedback input": (text) => feedbackInputSchema.safeParse({ author: text, rating: 3, comment: text }),
  safeNextPath: (text) => safeNextPath(text),
  readSharedFields: (text) => readSharedFields({ model: text, prompt: text, ratio: text }),
  parseGridCellHeader: (text) => parseGridCellHeader(text),
  "presenter script": (text) => parseScript(text),
  "batch rows (CSV)": (text) => readBatchRows({ kind: "text", format: "csv", text: `prompt,model,aspect_ratio\n${text}` }, BATCH_OPTIONS),
  // The hostile text as a line's values: cut to size, a JSON attack would be valid at one size and not the other.
  "batch rows (JSON lines)": (text) =>
    readBatchRows(
      { kind: "text", format: "jsonl", text: JSON.stringify({ prompt: text, model: text, aspect_ratio: text, seed: text }) },
      BATCH_OPTIONS,
    ),
};

// A pause of the machine can still spoil one measurement; a quadratic scan fails every try.
describe("request validators stay linear on hostile input", () => {
  for (const [validatorName, validate] of Object.entries(validators)) {
    it.each(Object.entries(ATTACKS))(`${validatorName}: %s`, { retry: 2 }, (_, attack) => {
      expect(doublingRatio(validate, attack, SIZE)).toBeLessThanOrEqual(3);
    });
  }
});
