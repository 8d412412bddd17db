import { describe, expect, it } from "vitest";
import { cutLongStrings, isLongText, LONG_TEXT_HEAD_CHARS, LONG_TEXT_MIN_CHARS, longTextsIn, wholeText } from "./long-text";

const long = "A".repeat(LONG_TEXT_MIN_CHARS + 10);

describe("long strings cut for the page", () => {
  it("cuts long strings anywhere in the tree to their beginning, keeping the whole", async () => {
    const tree = cutLongStrings({ data: [{ b64_json: long, note: "short" }], top: long }) as {
      data: { b64_json: unknown; note: string }[];
      top: unknown;
    };
    const cut = tree.data[0]?.b64_json;
    expect(isLongText(cut)).toBe(true);
    if (!isLongText(cut)) return;
    expect(cut.head).toHaveLength(LONG_TEXT_HEAD_CHARS);
    expect(cut.length).toBe(long.length);
    expect(await wholeText(cut)).toBe(long);
    expect(tree.data[0]?.note).toBe("short");
    expect(isLongText(tree.top)).toBe(true);
    expect(longTextsIn(tree)).toHaveLength(2);
  });

  it("leaves strings under the limit, and JSON held in a string, whole", () => {
    const json = `{"a": "${"x".repeat(LONG_TEXT_MIN_CHARS)}"}`;
    const shorter = "B".repeat(LONG_TEXT_MIN_CHARS - 1);
    expect(cutLongStrings({ json, shorter })).toEqual({ json, shorter });
    expect(cutLongStrings(long)).toSatisfy(isLongText);
  });

  it("never takes an answer's own object for a cut string", () => {
    const lookalike = JSON.parse(`{"kind": "long-text", "head": "x", "length": 1, "whole": {}}`) as unknown;
    expect(isLongText(lookalike)).toBe(false);
    expect(longTextsIn({ lookalike })).toEqual([]);
  });
});
