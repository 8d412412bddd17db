import "server-only";

import { parseAspectRatio, type AspectRatio } from "@/lib/request/aspect-ratio";
import { jsonProperty } from "@/lib/answer/json-property";
import type { DemoStyle } from "./demo-painter";

/**
 * What a request to the demo service asks for. Beyond the interface's three fields it takes what
 * common clients send: `n` (1–4 distinct pictures), `size` ("WxH", the shape when `aspect_ratio` is
 * absent, as the openai SDK sends it), `seed`, `response_format` ("b64_json" or "url") and `stream`
 * (partial pictures as server-sent events). Anything else is ignored, as real services do.
 */

export const DEMO_STYLES: Record<string, DemoStyle> = {
  "demo-geometric": "geometric",
  "demo-watercolor": "watercolor",
  "demo-pixel": "pixel",
};

export type DemoJob = {
  style: DemoStyle;
  prompt: string;
  ratio: AspectRatio;
  count: number;
  seed: number | null;
  responseFormat: "b64_json" | "url";
  stream: boolean;
  partialImages: number;
};

export type DemoRefusal = { status: number; message: string; code: string };

const refuse = (status: number, message: string, code: string): { ok: false; refusal: DemoRefusal } => ({
  ok: false,
  refusal: { status, message, code },
});

/** The shape asked for: `aspect_ratio` first; else `size` ("1536x1024", or "auto" for square); else square. */
function readShape(body: unknown): { ok: true; ratio: AspectRatio } | { ok: false; refusal: DemoRefusal } {
  const ratioText = jsonProperty(body, "aspect_ratio");
  if (ratioText !== undefined) {
    const ratio = typeof ratioText === "string" ? parseAspectRatio(ratioText) : null;
    if (ratio) return { ok: true, ratio };
    return refuse(422, `aspect_ratio must be "W:H" with two positive integers, got ${JSON.stringify(ratioText)}.`, "invalid_aspect_ratio");
  }
  const size = jsonProperty(body, "size");
  if (size === undefined || size === null || size === "auto") return { ok: true, ratio: { width: 1, height: 1 } };
  const match = typeof size === "string" ? /^(\d{1,5})x(\d{1,5})$/.exec(size) : null;
  const ratio = match ? parseAspectRatio(`${match[1]}:${match[2]}`) : null;
  if (ratio) return { ok: true, ratio };
  return refuse(422, `size must be "WxH" (e.g. "1024x1024") or "auto", got ${JSON.stringify(size)}.`, "invalid_size");
}

function wholeNumber(value: unknown, fallback: number): number | null {
  if (value === undefined || value === null) return fallback;
  return typeof value === "number" && Number.isSafeInteger(value) ? value : null;
}

export function readDemoJob(body: unknown): { ok: true; job: DemoJob } | { ok: false; refusal: DemoRefusal } {
  const model = jsonProperty(body, "model");
  const prompt = jsonProperty(body, "prompt");
  const style = typeof model === "string" ? DEMO_STYLES[model] : undefined;
  if (!style) {
    const known = Object.keys(DEMO_STYLES).join(", ");
    return refuse(400, `The model '${String(model)}' does not exist. Demo models: ${known}.`, "model_not_found");
  }
  if (typeof prompt !== "string" || prompt.trim() === "") {
    return refuse(400, "prompt is required and must be a non-empty string.", "invalid_prompt");
  }
  const shape = readShape(body);
  if (!shape.ok) return shape;
  const count = wholeNumber(jsonProperty(body, "n"), 1);
  if (count === null || count < 1 || count > 4) return refuse(400, "n must be a whole number from 1 to 4.", "invalid_n");
  const seed = wholeNumber(jsonProperty(body, "seed"), Number.NaN);
  if (seed === null) return refuse(400, "seed must be a whole number.", "invalid_seed");
  const format = jsonProperty(body, "response_format") ?? "b64_json";
  if (format !== "b64_json" && format !== "url") {
    return refuse(400, `response_format must be "b64_json" or "url", got ${JSON.stringify(format)}.`, "invalid_response_format");
  }
  const stream = jsonProperty(body, "stream") ?? false;
  if (typeof stream !== "boolean") return refuse(400, "stream must be true or false.", "invalid_stream");
  const partialImages = wholeNumber(jsonProperty(body, "partial_images"), 2);
  if (partialImages === null || partialImages < 0 || partialImages > 3) {
    return refuse(400, "partial_images must be a whole number from 0 to 3.", "invalid_partial_images");
  }
  return {
    ok: true,
    job: {
      style,
      prompt,
      ratio: shape.ratio,
      count,
      seed: Number.isNaN(seed) ? null : seed,
      responseFormat: format,
      stream,
      partialImages,
    },
  };
}

/** The painter's variation for picture `index` of a job: none for the plain request, so its bytes never change. */
export function variationFor(job: DemoJob, index: number): string {
  const parts = [job.seed === null ? "" : `seed:${job.seed}`, index === 0 ? "" : `image:${index}`].filter(Boolean);
  return parts.join("\n");
}
