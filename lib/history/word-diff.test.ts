import { describe, expect, it } from "vitest";
import { diffWords } from "./word-diff";

const changed = (tokens: { text: string; changed: boolean }[]) => tokens.filter((token) => token.changed).map((token) => token.text);

describe("diffWords", () => {
  it("marks the words each side lacks", () => {
    const diff = diffWords("a red fox in snow", "a small red fox in deep snow at dusk");
    expect(changed(diff.before)).toEqual([]);
    expect(changed(diff.after)).toEqual(["small", "deep", "at", "dusk"]);
  });

  it("marks replaced words on both sides and keeps the spacing", () => {
    const diff = diffWords("a red fox,  watercolor", "a blue fox,  oil painting");
    expect(changed(diff.before)).toEqual(["red", "watercolor"]);
    expect(changed(diff.after)).toEqual(["blue", "oil", "painting"]);
    expect(diff.after.map((token) => token.text).join("")).toBe("a blue fox,  oil painting");
  });

  it("treats identical prompts as unchanged and empty prompts as empty", () => {
    expect(changed(diffWords("same words", "same words").after)).toEqual([]);
    expect(diffWords("", "")).toEqual({ before: [], after: [] });
    expect(changed(diffWords("", "new").after)).toEqual(["new"]);
  });
});
