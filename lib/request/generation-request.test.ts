import { describe, expect, it } from "vitest";
import { makeGenerationRequestSchema } from "./generation-request";
import { countCharacters } from "./request-fields";

const schema = makeGenerationRequestSchema({ promptMaxChars: 20 });
const valid = { model: "demo-geometric", prompt: "a red fox", aspect_ratio: "16:9" };

function ratioError(aspect_ratio: unknown): string | undefined {
  const result = schema.safeParse({ ...valid, aspect_ratio });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === "aspect_ratio")?.message;
}

describe("generation request schema", () => {
  it("accepts the three fields and trims them", () => {
    expect(schema.parse({ model: "  m1 ", prompt: "\n a fox \t", aspect_ratio: "16:9" })).toEqual({
      model: "m1",
      prompt: "a fox",
      aspect_ratio: "16:9",
    });
  });

  it("forgives spaces around the ratio's parts", () => {
    expect(schema.parse({ ...valid, aspect_ratio: " 16 : 9 " }).aspect_ratio).toBe("16:9");
  });

  it.each(["1:1", "21:9", "99999:1", "1200:628"])("accepts %s", (ratio) => {
    expect(ratioError(ratio)).toBeUndefined();
  });

  it.each([
    ["16x9", "Use a colon between width and height, e.g. 16:9."],
    ["16:", "Give both a width and a height, e.g. 16:9."],
    [":9", "Give both a width and a height, e.g. 16:9."],
    ["0:1", "Width and height must be positive whole numbers (at least 1), e.g. 16:9."],
    ["-16:9", "Width and height must be positive whole numbers (at least 1), e.g. 16:9."],
    ["1.5:1", "Width and height must be whole numbers, e.g. 16:9."],
    ["123456:1", "Width and height can have at most 5 digits."],
    ["16:9:1", "Write the ratio as width:height, e.g. 16:9."],
    ["", "Enter an aspect ratio such as 16:9."],
  ])("explains %j", (ratio, message) => {
    expect(ratioError(ratio)).toBe(message);
  });

  it("rejects a ratio that is not a string", () => {
    expect(ratioError(16)).toBe("Enter an aspect ratio such as 16:9.");
  });

  it("limits the prompt by characters as people count them", () => {
    expect(schema.safeParse({ ...valid, prompt: "a".repeat(20) }).success).toBe(true);
    const tooLong = schema.safeParse({ ...valid, prompt: "a".repeat(21) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe("A prompt can have at most 20 characters.");
    // 20 emoji are 40 UTF-16 units but 20 characters.
    expect(schema.safeParse({ ...valid, prompt: "🦊".repeat(20) }).success).toBe(true);
    expect(countCharacters("🦊🦊")).toBe(2);
  });

  it("requires a model and a prompt with clear messages", () => {
    const result = schema.safeParse({ model: " ", prompt: "", aspect_ratio: "1:1" });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["model", "Enter a model."],
      ["prompt", "Enter a prompt."],
    ]);
  });

  it("drops fields other than the three", () => {
    expect(schema.parse({ ...valid, url: "http://evil", headers: { x: 1 } })).toEqual(valid);
  });
});
