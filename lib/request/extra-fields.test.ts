import { describe, expect, it } from "vitest";
import { checkExtraFields, parseExtraFieldsSetting, type ExtraFieldsSetting } from "./extra-fields";
import { makeGenerationRequestSchema } from "./generation-request";

const ANY: ExtraFieldsSetting = { mode: "any" };
const LIST: ExtraFieldsSetting = { mode: "list", names: ["seed", "n", "negative_prompt"] };
const message = (input: unknown, setting: ExtraFieldsSetting = ANY) => {
  const checked = checkExtraFields(input, setting);
  return checked.ok ? null : checked.message;
};

describe("IMAGE_EXTRA_FIELDS", () => {
  it.each([
    [undefined, { mode: "off" }],
    ["", { mode: "off" }],
    ["OFF", { mode: "off" }],
    ["any", { mode: "any" }],
    [" seed, n ,seed ", { mode: "list", names: ["seed", "n"] }],
    ["seed,prompt", null],
    ["__proto__", null],
    ["seed, bad name", null],
  ])("%j → %j", (text, setting) => {
    expect(parseExtraFieldsSetting(text)).toEqual(setting);
  });
});

describe("checkExtraFields", () => {
  it("takes nothing, empty text and an empty object as none", () => {
    for (const input of [undefined, null, "", "  ", {}, "{}"])
      expect(checkExtraFields(input, LIST)).toEqual({ ok: true, fields: undefined });
  });

  it("takes a JSON object as text or as an object, and gives a plain copy", () => {
    expect(checkExtraFields('{"seed": 42, "n": 2}', LIST)).toEqual({ ok: true, fields: { seed: 42, n: 2 } });
    const input = { seed: 7, negative_prompt: "blurry" };
    const checked = checkExtraFields(input, LIST);
    expect(checked).toEqual({ ok: true, fields: input });
    expect(checked.ok && checked.fields).not.toBe(input);
  });

  it("refuses everything but a JSON object", () => {
    for (const input of ["[1,2]", "42", '"seed"', "{seed: 1}", [1], 5, true]) expect(message(input)).toMatch(/JSON object/);
  });

  it("refuses more than 4 KB", () => {
    expect(message({ negative_prompt: "x".repeat(4100) })).toBe("Extra fields can take at most 4096 bytes of JSON.");
    expect(message({ negative_prompt: "x".repeat(4000) })).toBeNull();
  });

  it("refuses more than 5 levels", () => {
    // The object itself is level 1: five objects deep is the most.
    expect(message({ a: { b: { c: { d: { e: 1 } } } } })).toBeNull();
    expect(message({ a: { b: { c: { d: { e: { f: 1 } } } } } })).toBe("Extra fields can be nested at most 5 levels deep.");
    expect(message({ a: [[[[[1]]]]] })).toBe("Extra fields can be nested at most 5 levels deep.");
  });

  it.each(["__proto__", "constructor", "prototype"])("refuses the key %s at any depth", (key) => {
    expect(message(`{"${key}": {"polluted": true}}`)).toBe(`Extra fields cannot use the key "${key}".`);
    expect(message(`{"style": {"inner": [{"${key}": 1}]}}`)).toBe(`Extra fields cannot use the key "${key}".`);
  });

  it("never sets the three named fields", () => {
    expect(message({ model: "other", seed: 1 })).toBe("Extra fields cannot set model: use the form's own field for that.");
    expect(message({ prompt: "x", aspect_ratio: "1:1" })).toBe(
      "Extra fields cannot set prompt, aspect_ratio: use the form's own field for that.",
    );
  });

  it("refuses names outside the allow-list, naming the list", () => {
    expect(message({ seed: 1, quality: "high" }, LIST)).toBe(
      '"quality" is not allowed here. Allowed extra fields: seed, n, negative_prompt.',
    );
  });

  it("refuses any field when they are off", () => {
    expect(message({ seed: 1 }, { mode: "off" })).toMatch(/extra fields are off/);
  });
});

describe("the request schema", () => {
  const schema = makeGenerationRequestSchema({ promptMaxChars: 100, extraFields: LIST });
  const fields = { model: " m ", prompt: " p ", aspect_ratio: "1:1" };

  it("keeps the request to the three fields when there are no extra fields", () => {
    expect(makeGenerationRequestSchema({ promptMaxChars: 100 }).parse(fields)).toEqual({ model: "m", prompt: "p", aspect_ratio: "1:1" });
    expect(JSON.stringify(schema.parse({ ...fields, extra: "" }))).toBe('{"model":"m","prompt":"p","aspect_ratio":"1:1"}');
  });

  it("parses the form's JSON text into the fields, and reports a problem on the extra field", () => {
    expect(schema.parse({ ...fields, extra: '{"seed": 3}' }).extra).toEqual({ seed: 3 });
    const result = schema.safeParse({ ...fields, extra: '{"quality": "high"}' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["extra"]);
  });
});
