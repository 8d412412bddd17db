import OpenAI from "openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateImage } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoService, type RunningDemoService } from "./demo-service";
import { paintDemoImage } from "./demo-painter";
import { readPngSize } from "@/lib/node/png-encoder";
import { parseStream } from "@/lib/answer/answer-stream";

/**
 * The demo service speaks what common clients send: the openai SDK's default images.generate call
 * and the Vercel AI SDK's generateImage work against it unchanged, and so do n, size, seed,
 * response_format "url" and stream. The bare three-field request still gets the same bytes.
 */

let demo: RunningDemoService;
beforeAll(async () => {
  demo = await startDemoService({ port: 0, apiKey: "demo-client-key-0002" });
});
afterAll(() => demo.close());

const pngOf = (base64: string | undefined) => Buffer.from(base64 ?? "", "base64");

async function post(body: unknown): Promise<Response> {
  return fetch(`${demo.baseUrl}/v1/images/generations`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${demo.apiKey}` },
    body: JSON.stringify(body),
  });
}

type Images = { data: { b64_json?: string; url?: string }[] };

describe("common clients against the demo service", () => {
  it("answers the openai SDK's default call: {model, prompt, size, n}", async () => {
    const client = new OpenAI({ apiKey: demo.apiKey, baseURL: `${demo.baseUrl}/v1`, maxRetries: 0 });
    const result = await client.images.generate({ model: "demo-watercolor", prompt: "a lighthouse at dusk", size: "1536x1024", n: 2 });
    const [first, second] = (result.data ?? []).map((image) => pngOf(image.b64_json));
    expect(readPngSize(first ?? Buffer.alloc(0))).toEqual({ width: 1024, height: 683 });
    expect(readPngSize(second ?? Buffer.alloc(0))).toEqual({ width: 1024, height: 683 });
    expect(first?.equals(second ?? Buffer.alloc(0))).toBe(false);
  });

  it("answers the AI SDK's generateImage through @ai-sdk/openai-compatible", async () => {
    const provider = createOpenAICompatible({ name: "demo", baseURL: `${demo.baseUrl}/v1`, apiKey: demo.apiKey });
    const { images } = await generateImage({
      model: provider.imageModel("demo-pixel"),
      prompt: "a red fox in snow",
      size: "1024x1024",
      n: 1,
    });
    expect(images).toHaveLength(1);
    expect(readPngSize(Buffer.from(images[0]?.uint8Array ?? new Uint8Array()))).toEqual({ width: 1024, height: 1024 });
  });
});

describe("what the demo service takes beyond the three fields", () => {
  const plain = { model: "demo-geometric", prompt: "a red fox in snow", aspect_ratio: "16:9" };

  it("keeps the bare three-field request's bytes exactly as before", async () => {
    const body = (await (await post(plain)).json()) as Images;
    expect(body.data).toHaveLength(1);
    expect(pngOf(body.data[0]?.b64_json).equals(paintDemoImage("geometric", plain.prompt, { width: 16, height: 9 }).png)).toBe(true);
  });

  it("gives the same picture for the same seed and another for another seed", async () => {
    const picture = async (seed: number) => pngOf(((await (await post({ ...plain, seed })).json()) as Images).data[0]?.b64_json);
    const [a, again, b] = [await picture(7), await picture(7), await picture(8)];
    expect(a.equals(again)).toBe(true);
    expect(a.equals(b)).toBe(false);
  });

  it("serves pictures as URLs from its own address", async () => {
    const body = (await (await post({ ...plain, response_format: "url", n: 3 })).json()) as Images;
    const urls = body.data.map((image) => image.url ?? "");
    expect(new Set(urls).size).toBe(3);
    for (const url of urls) {
      expect(url.startsWith(`${demo.baseUrl}/files/`)).toBe(true);
      const file = await fetch(url);
      expect(file.headers.get("content-type")).toBe("image/png");
      expect(readPngSize(Buffer.from(await file.arrayBuffer()))).toEqual({ width: 1024, height: 576 });
    }
    expect((await fetch(`${demo.baseUrl}/files/not-a-file.png`)).status).toBe(404);
  });

  it("streams partial pictures, then the final one, as server-sent events", async () => {
    const response = await post({ ...plain, stream: true, partial_images: 2 });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = parseStream(await response.text(), "sse");
    expect(events.map((event) => event.name)).toEqual([
      "image_generation.partial_image",
      "image_generation.partial_image",
      "image_generation.completed",
    ]);
    const final = events[2]?.value as { b64_json: string; size: string };
    expect(final.size).toBe("1024x576");
    expect(pngOf(final.b64_json).equals(paintDemoImage("geometric", plain.prompt, { width: 16, height: 9 }).png)).toBe(true);
  });

  it.each([
    [{ n: 5 }, 400, "n must be a whole number from 1 to 4."],
    [{ n: 1.5 }, 400, "n must be a whole number from 1 to 4."],
    [{ seed: "seven" }, 400, "seed must be a whole number."],
    [{ response_format: "webp" }, 400, 'response_format must be "b64_json" or "url", got "webp".'],
    [{ stream: "yes" }, 400, "stream must be true or false."],
    [{ aspect_ratio: undefined, size: "big" }, 422, 'size must be "WxH" (e.g. "1024x1024") or "auto", got "big".'],
  ])("explains %j", async (extra, status, message) => {
    const response = await post({ ...plain, ...extra });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
  });

  it("takes size for the shape when aspect_ratio is absent, and a square for auto", async () => {
    const sized = (await (await post({ model: "demo-pixel", prompt: "fox", size: "1024x1536" })).json()) as Images;
    expect(readPngSize(pngOf(sized.data[0]?.b64_json))).toEqual({ width: 683, height: 1024 });
    const auto = (await (await post({ model: "demo-pixel", prompt: "fox", size: "auto" })).json()) as Images;
    expect(readPngSize(pngOf(auto.data[0]?.b64_json))).toEqual({ width: 1024, height: 1024 });
  });
});
