import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paintDemoImage } from "./demo-painter";
import { startDemoService, type RunningDemoService } from "./demo-service";
import { readPngSize } from "@/lib/node/png-encoder";

let demo: RunningDemoService;
beforeAll(async () => {
  demo = await startDemoService({ port: 0, apiKey: "demo-test-key-0001" });
});
afterAll(() => demo.close());

async function post(path: string, body: unknown, key: string | null = demo.apiKey) {
  const response = await fetch(`${demo.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}

describe("demo painter", () => {
  it.each([
    ["16:9", 1024, 576],
    ["9:16", 576, 1024],
    ["1:1", 1024, 1024],
    ["21:9", 1024, 439],
    ["1200:628", 1024, 536],
  ])("paints %s as a %i×%i PNG", (ratio, width, height) => {
    const [w, h] = ratio.split(":").map(Number);
    const { png } = paintDemoImage("geometric", "a red fox in snow", { width: w ?? 1, height: h ?? 1 });
    expect(readPngSize(png)).toEqual({ width, height });
  });

  it("is deterministic from model, prompt and ratio", () => {
    const once = paintDemoImage("watercolor", "a red fox in snow", { width: 4, height: 3 }).png;
    const again = paintDemoImage("watercolor", "a red fox in snow", { width: 4, height: 3 }).png;
    expect(once.equals(again)).toBe(true);
    expect(once.equals(paintDemoImage("watercolor", "a blue fox in snow", { width: 4, height: 3 }).png)).toBe(false);
    expect(once.equals(paintDemoImage("pixel", "a red fox in snow", { width: 4, height: 3 }).png)).toBe(false);
  });
});

describe("demo service over HTTP", () => {
  it("answers both base forms", async () => {
    for (const path of ["/v1/images/generations", "/api/v1/images/generations"]) {
      const { status } = await post(path, { model: "demo-pixel", prompt: "fox", aspect_ratio: "1:1" });
      expect(status).toBe(200);
    }
  });

  it("rejects a missing or wrong key with 401 JSON", async () => {
    expect((await post("/v1/images/generations", { model: "demo-pixel" }, null)).status).toBe(401);
    const wrong = await post("/v1/images/generations", { model: "demo-pixel" }, "nope");
    expect(wrong).toEqual({ status: 401, body: { error: expect.objectContaining({ code: "invalid_api_key" }) } });
  });

  it("explains an unknown model (400) and a bad ratio (422)", async () => {
    const model = await post("/v1/images/generations", { model: "dall-e-9", prompt: "fox", aspect_ratio: "1:1" });
    expect(model.status).toBe(400);
    expect(model.body.error?.code).toBe("model_not_found");
    const ratio = await post("/v1/images/generations", { model: "demo-pixel", prompt: "fox", aspect_ratio: "16x9" });
    expect(ratio.status).toBe(422);
    expect(ratio.body.error?.message).toContain('"16x9"');
  });

  it("404s other paths", async () => {
    expect((await post("/v2/images/generations", {})).status).toBe(404);
  });

  it("works with the openai SDK, aspect_ratio passed through", async () => {
    const client = new OpenAI({ apiKey: demo.apiKey, baseURL: `${demo.baseUrl}/v1`, maxRetries: 0 });
    const result = await client.images.generate({
      model: "demo-geometric",
      prompt: "a red fox in snow",
      // Not part of OpenAI's parameters; the SDK sends extra body fields as they are.
      ...({ aspect_ratio: "16:9" } as object),
    });
    const base64 = result.data?.[0]?.b64_json ?? "";
    const size = readPngSize(Buffer.from(base64, "base64"));
    expect(size).toEqual({ width: 1024, height: 576 });
    expect((size?.width ?? 0) / (size?.height ?? 1)).toBeCloseTo(16 / 9, 2);
  });
});
