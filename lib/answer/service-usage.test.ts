import { describe, expect, it } from "vitest";
import { describeUsage, findUsage, usageOfBody } from "./service-usage";
import { interpretAnswer } from "./interpret-answer";
import { ANSWER_CORPUS } from "@/test-support/answer-corpus";

describe("findUsage", () => {
  it.each([
    [
      "OpenAI images usage",
      { data: [], usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50, input_tokens_details: { text_tokens: 10 } } },
      { inputTokens: 50, outputTokens: 50, totalTokens: 100 },
    ],
    [
      "chat-style prompt/completion tokens",
      { usage: { prompt_tokens: 12, completion_tokens: 1056, total_tokens: 1068 } },
      { inputTokens: 12, outputTokens: 1056, totalTokens: 1068 },
    ],
    [
      "Gemini usageMetadata",
      { usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1290, totalTokenCount: 1300 } },
      { inputTokens: 10, outputTokens: 1290, totalTokens: 1300 },
    ],
    ["credits at the top", { images: [], credits_used: 2.5 }, { credits: 2.5 }],
    ["a cost in USD", { result: {}, cost_usd: 0.04 }, { cost: { amount: 0.04, currency: "USD" } }],
    [
      "a cost as an amount with a currency",
      { billing: { cost: { amount: 1.2, currency: "eur" } } },
      { cost: { amount: 1.2, currency: "EUR" } },
    ],
    ["credits inside billing", { output: [], billing: { credits: 3 } }, { credits: 3 }],
  ])("%s", (_name, answer, usage) => {
    expect(findUsage(answer)).toEqual(usage);
  });

  it("finds nothing in an answer that reports nothing, and never invents a cost", () => {
    expect(findUsage({ created: 1, data: [{ b64_json: "x" }], seed: 42, size: "1024x1024" })).toBeNull();
    expect(findUsage({ price_tier: "pro", cost: "expensive" })).toBeNull();
  });

  it("reads a stream's usage from its last events", () => {
    const stream =
      'event: image_generation.partial_image\ndata: {"type":"image_generation.partial_image"}\n\nevent: image_generation.completed\ndata: {"type":"image_generation.completed","usage":{"input_tokens":5,"output_tokens":272}}\n\n';
    expect(usageOfBody(interpretAnswer(new TextEncoder().encode(stream), "text/event-stream").body)).toEqual({
      inputTokens: 5,
      outputTokens: 272,
    });
  });

  it("finds the usage every documented answer of the corpus reports", () => {
    const reporting = ANSWER_CORPUS.filter((entry) => findUsage(entry.body) !== null).map((entry) => entry.name);
    expect(reporting).toContain("OpenAI images, b64_json with usage");
  });
});

describe("describeUsage", () => {
  it.each([
    [{ inputTokens: 50, outputTokens: 1500 }, "50 in · 1,500 out tokens"],
    [{ totalTokens: 100 }, "100 tokens"],
    [{ credits: 1 }, "1 credit"],
    [{ credits: 0.25, cost: { amount: 0.004, currency: "USD" } }, "0.25 credits · 0.0040 USD reported"],
  ])("%j → %s", (usage, text) => {
    expect(describeUsage(usage)).toBe(text);
  });
});
