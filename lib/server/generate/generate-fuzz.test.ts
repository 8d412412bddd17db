import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { explainAspectRatioProblem, normaliseAspectRatioText } from "@/lib/request/request-fields";
import { configFor, generate } from "@/test-support/route-helpers";

/**
 * Thousands of malformed requests, each guaranteed invalid by construction: the route answers every
 * one with a 4xx problem and none of them reaches the service.
 */

const fake = fakeServiceForSuite();

const PROMPT_MAX = 50;
const valid = { model: "fake-b64", prompt: "a fox", aspect_ratio: "1:1" };
type Field = keyof typeof valid;
const FIELDS: Field[] = ["model", "prompt", "aspect_ratio"];

const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
);
/** Text that trimming cannot empty, so a control character between two of them stays inside. */
const visible = fc.string({ minLength: 1, maxLength: 10 }).filter((text) => text.trim() === text && text !== "");
const controlCharacter = fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code));
const badRatio = fc
  .string({ maxLength: 12, unit: "binary" })
  .filter((text) => explainAspectRatioProblem(normaliseAspectRatioText(text)) !== null);
const badValue: Record<Field, fc.Arbitrary<unknown>> = {
  model: fc.oneof(
    notAString,
    fc.constantFrom("", "   "),
    fc.tuple(visible, controlCharacter, visible).map((parts) => parts.join("")),
    fc.string({ minLength: 201, maxLength: 400 }).filter((text) => text.trim().length > 200),
  ),
  prompt: fc.oneof(
    notAString,
    fc.constantFrom("", " \n\t "),
    fc
      .string({ minLength: PROMPT_MAX + 1, maxLength: 400, unit: "grapheme" })
      .filter((text) => Array.from(text.trim()).length > PROMPT_MAX),
  ),
  aspect_ratio: fc.oneof(notAString, badRatio),
};

/** A valid request with one or more fields broken or missing, plus junk keys. */
const brokenObject = fc
  .record({
    broken: fc.subarray(FIELDS, { minLength: 1 }),
    missing: fc.boolean(),
    extra: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  })
  .chain(({ broken, missing, extra }) =>
    fc.tuple(...broken.map((field) => badValue[field])).map((values) => {
      const body: Record<string, unknown> = { ...extra, ...valid };
      broken.forEach((field, index) => {
        if (missing) delete body[field];
        else body[field] = values[index];
      });
      return { contentType: "application/json", body: JSON.stringify(body) };
    }),
  );

const notAnObject = fc
  .jsonValue()
  .filter((value) => typeof value !== "object" || value === null || Array.isArray(value))
  .map((value) => ({ contentType: "application/json", body: JSON.stringify(value) ?? "null" }));
const notJson = fc
  .string({ unit: "binary" })
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  })
  .map((body) => ({ contentType: "application/json; charset=utf-8", body }));
const wrongType = fc
  .constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/jsonp", "text/json")
  .map((contentType) => ({ contentType, body: JSON.stringify(valid) }));
const huge = fc
  .integer({ min: 17_000, max: 60_000 })
  .map((size) => ({ contentType: "application/json", body: JSON.stringify({ ...valid, prompt: "p".repeat(size) }) }));
const deep = fc
  .integer({ min: 1000, max: 5000 })
  .map((depth) => ({ contentType: "application/json", body: `${"[".repeat(depth)}${"]".repeat(depth)}` }));

const malformed = fc.oneof(brokenObject, brokenObject, brokenObject, notAnObject, notJson, wrongType, huge, deep);

describe("fuzzing the generate route with malformed requests", () => {
  it("never answers 5xx and never calls the service (2,000 cases)", async () => {
    const before = fake.current.requests.length;
    const config = configFor(fake.current.url, { IMAGE_PROMPT_MAX_CHARS: String(PROMPT_MAX) });
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(malformed, async ({ contentType, body }) => {
        const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
        const response = await generate(new Request("http://localhost:3000/api/generate", { method: "POST", headers, body }), config);
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        expect([400, 413, 415, 422]).toContain(response.status);
      }),
      { numRuns: 2000 },
    );
    expect(fake.current.requests.length).toBe(before);
    // Every kind of refusal was exercised.
    expect([...seen.keys()].sort()).toEqual([400, 413, 415, 422]);
  });
});
