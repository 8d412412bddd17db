import { describe, expect, it } from "vitest";
import { formatScript, oneLine, parseScript } from "./presenter-script";

describe("parseScript", () => {
  it("reads one prompt per line, with an optional model and ratio in either order", () => {
    const parsed = parseScript("a fox in snow\n\n# the watercolour one\na heron | demo-watercolor | 16:9\r\na moth | 9:16 | demo-pixel\n");
    expect(parsed).toEqual({
      ok: true,
      items: [
        { prompt: "a fox in snow" },
        { prompt: "a heron", model: "demo-watercolor", aspect_ratio: "16:9" },
        { prompt: "a moth", model: "demo-pixel", aspect_ratio: "9:16" },
      ],
    });
  });

  it("says which line is wrong, and refuses an empty script", () => {
    expect(parseScript("ok\n | demo-pixel")).toEqual({ ok: false, message: 'Line 2 has no prompt before its first "|".' });
    expect(parseScript("a | 1:1 | 4:3")).toEqual({ ok: false, message: "Line 1 names two aspect ratios." });
    expect(parseScript("a | m1 | m2")).toEqual({ ok: false, message: 'Line 1 names two models ("m1" and "m2").' });
    expect(parseScript(" \n# only a note\n")).toEqual({ ok: false, message: "The script has no prompt: write one per line." });
    expect(parseScript(Array.from({ length: 101 }, (_, index) => `p${index}`).join("\n"))).toMatchObject({ ok: false });
  });

  it("writes back what it reads", () => {
    const items = [{ prompt: "a heron", model: "demo-watercolor", aspect_ratio: "16:9" }, { prompt: "plain" }];
    expect(parseScript(formatScript(items))).toEqual({ ok: true, items });
  });

  it("turns a saved prompt over several lines into one script line", () => {
    expect(oneLine("a fox\n  in snow | at dusk\r\n")).toBe("a fox in snow / at dusk");
  });
});
