import { describe, expect, it } from "vitest";
import { estimateBeforeRun, estimateRunCost, parsePrices, sumCosts } from "./prices";

describe("IMAGE_PRICES", () => {
  it("reads per-image and per-token prices per model, USD by default", () => {
    expect(
      parsePrices('{"gpt-image-1": {"per_image": 0.04, "per_million_output_tokens": 40}, "flux": {"per_image": 0.03, "currency": "eur"}}'),
    ).toEqual({
      ok: true,
      prices: {
        "gpt-image-1": { perImage: 0.04, perMillionOutputTokens: 40, currency: "USD" },
        flux: { perImage: 0.03, perMillionOutputTokens: null, currency: "EUR" },
      },
    });
    expect(parsePrices(undefined)).toEqual({ ok: true, prices: {} });
  });

  it.each([
    ["not json", "is not JSON"],
    ["[1]", "must be a JSON object keyed by model"],
    ['{"m": 3}', "m: must be an object"],
    ['{"m": {"per_image": -1}}', "m: per_image must be a number ≥ 0"],
    ['{"m": {}}', "m: give per_image and/or per_million_output_tokens"],
    ['{"m": {"per_image": 1, "currency": "dollars"}}', "m: currency must be a 3-letter code"],
  ])("refuses %s", (text, problem) => {
    expect(parsePrices(text)).toEqual({ ok: false, problem });
  });
});

describe("estimates", () => {
  const price = { perImage: 0.04, perMillionOutputTokens: 40, currency: "USD" };

  it("prices images, plus reported output tokens, and nothing without a price", () => {
    expect(estimateRunCost(price, { images: 2, usage: null })).toEqual({ amount: 0.08, currency: "USD" });
    expect(estimateRunCost(price, { images: 1, usage: { outputTokens: 1_000_000 } })).toEqual({ amount: 40.04, currency: "USD" });
    expect(estimateRunCost({ ...price, perImage: null }, { images: 1, usage: null })).toBeNull();
    expect(estimateRunCost(undefined, { images: 1, usage: { outputTokens: 10 } })).toBeNull();
  });

  it("adds up per currency", () => {
    expect(sumCosts([{ amount: 1, currency: "USD" }, null, { amount: 2, currency: "EUR" }, { amount: 0.5, currency: "USD" }])).toEqual([
      { amount: 1.5, currency: "USD" },
      { amount: 2, currency: "EUR" },
    ]);
  });

  it("estimates a grid before it runs, counting requests it cannot price", () => {
    const prices = { a: price, b: { perImage: null, perMillionOutputTokens: 5, currency: "USD" } };
    expect(estimateBeforeRun(["a", "a", "b", "c"], prices)).toEqual({ costs: [{ amount: 0.08, currency: "USD" }], notEstimated: 2 });
  });
});
