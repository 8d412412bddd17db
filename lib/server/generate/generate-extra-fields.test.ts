import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { configFor, generate, generateRequest, problemOf } from "@/test-support/route-helpers";

/**
 * Extra request fields at the route: off by default (the service gets exactly the three fields),
 * merged into the body when allowed, refused with the same words as the form otherwise. Fuzzed:
 * whatever object is sent, the route never answers 5xx and nothing forbidden reaches the service.
 */

const fake = fakeServiceForSuite();

const base = { model: "fake-b64", prompt: "a fox", aspect_ratio: "1:1" };
const allowList = { IMAGE_EXTRA_FIELDS: "seed,n,negative_prompt,style" };
const lastBody = () => JSON.parse(fake.current.requests.at(-1)?.body ?? "{}") as Record<string, unknown>;

describe("extra fields at the route", () => {
  it("sends exactly the three fields when extra fields are off, and refuses any", async () => {
    const config = configFor(fake.current.url);
    expect((await generate(generateRequest(base), config)).status).toBe(200);
    expect(fake.current.requests.at(-1)?.body).toBe('{"model":"fake-b64","prompt":"a fox","aspect_ratio":"1:1"}');
    const before = fake.current.requests.length;
    const refused = await generate(generateRequest({ ...base, extra: { seed: 1 } }), config);
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).errors?.extra?.[0]).toMatch(/extra fields are off/);
    expect(fake.current.requests.length).toBe(before);
  });

  it("merges allowed fields into the body, after the three", async () => {
    const config = configFor(fake.current.url, allowList);
    const response = await generate(generateRequest({ ...base, extra: { seed: 42, n: 2 } }), config);
    expect(response.status).toBe(200);
    expect(fake.current.requests.at(-1)?.body).toBe('{"model":"fake-b64","prompt":"a fox","aspect_ratio":"1:1","seed":42,"n":2}');
  });

  it.each([
    [{ quality: "high" }, '"quality" is not allowed here. Allowed extra fields: seed, n, negative_prompt, style.'],
    [{ model: "other" }, "Extra fields cannot set model"],
    [JSON.parse('{"style": {"__proto__": {"polluted": 1}}}') as unknown, 'Extra fields cannot use the key "__proto__".'],
    [[1, 2], "must be a JSON object"],
  ])("refuses %j", async (extra, words) => {
    const before = fake.current.requests.length;
    const response = await generate(generateRequest({ ...base, extra }), configFor(fake.current.url, allowList));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).detail).toContain(words);
    expect(fake.current.requests.length).toBe(before);
  });

  it("never answers 5xx and never lets a forbidden key reach the service (2,000 random objects)", async () => {
    const config = configFor(fake.current.url, { ...allowList, PLAYGROUND_MAX_BODY_BYTES: String(64 * 1024) });
    const key = fc.oneof(
      fc.constantFrom(
        "seed",
        "n",
        "negative_prompt",
        "style",
        "model",
        "prompt",
        "aspect_ratio",
        "__proto__",
        "constructor",
        "prototype",
        "quality",
      ),
      fc.string({ maxLength: 8 }),
    );
    const value = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie("value"), { maxLength: 3 }),
        fc.dictionary(key, tie("value"), { maxKeys: 3 }),
      ),
    })).value;
    const extra = fc.oneof(fc.dictionary(key, value, { maxKeys: 5 }), value, fc.string({ maxLength: 30 }));
    const allowed = new Set(["model", "prompt", "aspect_ratio", "seed", "n", "negative_prompt", "style"]);
    const forbidden = new Set(["__proto__", "constructor", "prototype"]);
    const anyForbiddenKey = (node: unknown): boolean =>
      typeof node === "object" &&
      node !== null &&
      Object.entries(node).some(([name, child]) => forbidden.has(name) || anyForbiddenKey(child));
    await fc.assert(
      fc.asyncProperty(extra, async (candidate) => {
        const before = fake.current.requests.length;
        // Sent as a browser would: JSON text, where "__proto__" is an ordinary key.
        const body = JSON.stringify({ ...base, extra: candidate });
        const response = await generate(generateRequest(body), config);
        expect(response.status).toBeLessThan(500);
        if (fake.current.requests.length > before) {
          const sent = lastBody();
          expect(Object.keys(sent).every((name) => allowed.has(name))).toBe(true);
          expect(sent.model).toBe("fake-b64");
          expect(sent.prompt).toBe("a fox");
          expect(anyForbiddenKey(JSON.parse(fake.current.requests.at(-1)?.body ?? "{}"))).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  }, 120_000);
});
