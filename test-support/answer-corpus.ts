import { JPEG_BASE64, PNG_BASE64, WEBP_BASE64 } from "./sample-images";

/**
 * Answer bodies as real image services document them, with where each comes from and exactly the
 * images it holds (JSON paths). Where the documentation shortens base64 ("..."), a real small image
 * of the stated format stands in; those entries say so in `note`.
 */

export type CorpusEntry = {
  name: string;
  source: string;
  note?: string;
  body: unknown;
  images: string[][];
  job?: { phase: "waiting" | "failed" | "done" | null; id?: string | null; state?: string | null; pollingUrl?: string | null };
  /** The URL of the service that answered, for answers that name images relative to it. */
  base?: string;
  /** The URLs the images resolve to, where the answer names them by a relative path. */
  urls?: string[];
};

const SUBSTITUTED = "documented base64 shortened; a real small image substituted";

export const ANSWER_CORPUS: CorpusEntry[] = [
  {
    name: "OpenAI images, b64_json with usage",
    source: "https://platform.openai.com/docs/api-reference/images/object",
    note: SUBSTITUTED,
    body: {
      created: 1713833628,
      data: [{ b64_json: PNG_BASE64 }],
      usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50, input_tokens_details: { text_tokens: 10, image_tokens: 40 } },
    },
    images: [["$.data[0].b64_json"]],
  },
  {
    name: "OpenAI images, url with revised_prompt",
    source: "https://platform.openai.com/docs/api-reference/images/create",
    body: {
      created: 1589478378,
      data: [
        {
          url: "https://oaidalleapiprodscus.blob.core.windows.net/private/org-x/user-y/img-z.png?st=2024&se=2024&sig=abc",
          revised_prompt: "A red fox in snow",
        },
      ],
    },
    images: [["$.data[0].url"]],
  },
  {
    name: "Azure OpenAI, url with content filter results",
    source: "https://learn.microsoft.com/azure/ai-services/openai/reference#image-generation",
    body: {
      created: 1698116662,
      data: [
        {
          url: "https://dalleproduse.blob.core.windows.net/private/images/e5451cc6-b1ad-4747-bd46-b89a3a3b8bc3/generated_00.png?se=2023-10-27T17%3A45%3A09Z&sig=abc",
          revised_prompt: "A vivid, natural representation of Microsoft Clippy wearing a cowboy hat.",
          content_filter_results: { hate: { filtered: false, severity: "safe" }, self_harm: { filtered: false, severity: "safe" } },
          prompt_filter_results: { hate: { filtered: false, severity: "safe" } },
        },
      ],
    },
    images: [["$.data[0].url"]],
  },
  {
    name: "xAI image generation, url",
    source: "https://docs.x.ai/docs/guides/image-generations",
    body: { data: [{ url: "https://imgen.x.ai/xai-imgen/xai-tmp-imgen-1b8f0e2a-4f7b.jpeg", revised_prompt: "" }] },
    images: [["$.data[0].url"]],
  },
  {
    name: "Together images, proxied url without extension",
    source: "https://docs.together.ai/reference/post-images-generations",
    body: {
      id: "8e1a5e6b-7a1b",
      model: "black-forest-labs/FLUX.1-schnell-Free",
      object: "list",
      data: [{ index: 0, url: "https://api.together.ai/imgproxy/abc123/format:jpeg/aHR0cHM6Ly9leGFtcGxl", timings: { inference: 0.8 } }],
    },
    images: [["$.data[0].url"]],
  },
  {
    name: "Fireworks image generation, base64 list",
    source: "https://docs.fireworks.ai/api-reference/generate-a-new-image-from-a-text-prompt",
    note: SUBSTITUTED,
    body: [{ base64: JPEG_BASE64, finishReason: "SUCCESS", seed: 1234 }],
    images: [["$[0].base64"]],
  },
  {
    name: "Fireworks FLUX Kontext get_result, ready",
    source: "https://docs.fireworks.ai/api-reference/get-generated-image-from-flux-kontex",
    body: {
      id: "request_id_1",
      status: "Ready",
      result: { sample: "https://fireworks-results.s3.amazonaws.com/flux/abc/sample.jpeg" },
      progress: 100,
    },
    images: [["$.result.sample"]],
    job: { phase: "done", id: "request_id_1", state: "Ready" },
  },
  {
    name: "DeepInfra text-to-image, data URIs",
    source: "https://deepinfra.com/docs/inference",
    note: SUBSTITUTED,
    body: {
      images: [`data:image/png;base64,${PNG_BASE64}`],
      nsfw_content_detected: [false],
      seed: 42,
      request_id: "RfA2",
      inference_status: { status: "succeeded", runtime_ms: 1200 },
    },
    images: [["$.images[0]"]],
  },
  {
    name: "Stability v1 text-to-image, artifacts",
    source: "https://platform.stability.ai/docs/api-reference#tag/SDXL-1.0-and-SD1.6/operation/textToImage",
    note: SUBSTITUTED,
    body: { artifacts: [{ base64: PNG_BASE64, seed: 1050625087, finishReason: "SUCCESS" }] },
    images: [["$.artifacts[0].base64"]],
  },
  {
    name: "Stability v2beta, JSON accept",
    source: "https://platform.stability.ai/docs/api-reference#tag/Generate/paths/~1v2beta~1stable-image~1generate~1core/post",
    note: SUBSTITUTED,
    body: { image: WEBP_BASE64, finish_reason: "SUCCESS", seed: 343940597 },
    images: [["$.image"]],
  },
  {
    name: "Stability error",
    source: "https://platform.stability.ai/docs/api-reference",
    body: {
      id: "ed14db44362126aab3cbd25cca51ffe3",
      name: "content_moderation",
      errors: ["Your request was flagged by our content moderation system."],
    },
    images: [],
  },
  {
    name: "Replicate prediction, output array, succeeded",
    source: "https://replicate.com/docs/reference/http#predictions.get",
    body: {
      id: "gm3qorzdhgbfurvjtvhg6dckhu",
      model: "black-forest-labs/flux-schnell",
      version: "dp-4d0bcc010b3049749a251855f12800be",
      input: { prompt: "a red fox in snow", image: "https://example-uploads.com/input.png" },
      logs: "",
      output: ["https://replicate.delivery/xezq/abc/out-0.webp", "https://replicate.delivery/xezq/def/out-1.webp"],
      error: null,
      status: "succeeded",
      urls: {
        get: "https://api.replicate.com/v1/predictions/gm3qorzdhgbfurvjtvhg6dckhu",
        cancel: "https://api.replicate.com/v1/predictions/gm3qorzdhgbfurvjtvhg6dckhu/cancel",
        stream: "https://stream.replicate.com/v1/files/abc",
      },
    },
    images: [["$.output[0]"], ["$.output[1]"]],
    job: {
      phase: "done",
      id: "gm3qorzdhgbfurvjtvhg6dckhu",
      state: "succeeded",
      pollingUrl: "https://api.replicate.com/v1/predictions/gm3qorzdhgbfurvjtvhg6dckhu",
    },
  },
  {
    name: "Replicate prediction, output a string",
    source: "https://replicate.com/docs/topics/predictions/output-files",
    body: {
      id: "q0dq1",
      status: "succeeded",
      output: "https://replicate.delivery/yhqm/xyz/output.png",
      urls: { get: "https://api.replicate.com/v1/predictions/q0dq1" },
    },
    images: [["$.output"]],
    job: { phase: "done", id: "q0dq1", state: "succeeded", pollingUrl: "https://api.replicate.com/v1/predictions/q0dq1" },
  },
  {
    name: "Replicate prediction, starting (output null)",
    source: "https://replicate.com/docs/reference/http#predictions.create",
    body: {
      id: "rrr4z55ocneqzikepnug6xezpe",
      model: "black-forest-labs/flux-schnell",
      input: { prompt: "a red fox in snow" },
      logs: "",
      output: null,
      error: null,
      status: "starting",
      created_at: "2024-10-29T16:54:26.384Z",
      urls: {
        get: "https://api.replicate.com/v1/predictions/rrr4z55ocneqzikepnug6xezpe",
        cancel: "https://api.replicate.com/v1/predictions/rrr4z55ocneqzikepnug6xezpe/cancel",
        stream: "https://stream.replicate.com/v1/files/abc",
      },
    },
    images: [],
    job: {
      phase: "waiting",
      id: "rrr4z55ocneqzikepnug6xezpe",
      state: "starting",
      pollingUrl: "https://api.replicate.com/v1/predictions/rrr4z55ocneqzikepnug6xezpe",
    },
  },
  {
    name: "Replicate error",
    source: "https://replicate.com/docs/reference/http#errors",
    body: {
      title: "Invalid version or not permitted",
      detail: "The specified version does not exist (or perhaps you don't have permission to use it?)",
      status: 422,
    },
    images: [],
  },
  {
    name: "fal synchronous result, images[].url",
    source: "https://fal.ai/models/fal-ai/flux/dev/api",
    body: {
      images: [{ url: "https://fal.media/files/lion/abc_123.png", width: 1024, height: 768, content_type: "image/jpeg" }],
      timings: { inference: 1.2 },
      seed: 123,
      has_nsfw_concepts: [false],
      prompt: "a red fox in snow",
    },
    images: [["$.images[0].url"]],
  },
  {
    name: "fal queue submit",
    source: "https://docs.fal.ai/documentation/model-apis/inference/queue",
    body: {
      request_id: "80e732af-660e-45cd-bd63-580e4f2a94cc",
      response_url: "https://queue.fal.run/fal-ai/fast-sdxl/requests/80e732af-660e-45cd-bd63-580e4f2a94cc",
      status_url: "https://queue.fal.run/fal-ai/fast-sdxl/requests/80e732af-660e-45cd-bd63-580e4f2a94cc/status",
      cancel_url: "https://queue.fal.run/fal-ai/fast-sdxl/requests/80e732af-660e-45cd-bd63-580e4f2a94cc/cancel",
    },
    images: [],
    job: {
      phase: null,
      id: "80e732af-660e-45cd-bd63-580e4f2a94cc",
      pollingUrl: "https://queue.fal.run/fal-ai/fast-sdxl/requests/80e732af-660e-45cd-bd63-580e4f2a94cc/status",
    },
  },
  {
    name: "fal queue status, in queue",
    source: "https://docs.fal.ai/documentation/model-apis/inference/queue",
    body: {
      status: "IN_QUEUE",
      queue_position: 0,
      response_url: "https://queue.fal.run/fal-ai/fast-sdxl/requests/80e732af-660e-45cd-bd63-580e4f2a94cc",
    },
    images: [],
    job: {
      phase: "waiting",
      state: "IN_QUEUE",
      pollingUrl: "https://queue.fal.run/fal-ai/fast-sdxl/requests/80e732af-660e-45cd-bd63-580e4f2a94cc",
    },
  },
  {
    name: "fal validation error",
    source: "https://docs.fal.ai/documentation/model-apis/errors",
    body: { detail: [{ loc: ["body", "prompt"], msg: "field required", type: "value_error.missing" }] },
    images: [],
  },
  {
    name: "Black Forest Labs submit, polling URL",
    source: "https://docs.bfl.ai/quick_start/generating_images",
    body: {
      id: "c8a2e2b1-7d2f-4f8e-9b1a-3f6c2a1b9d0e",
      polling_url: "https://api.us1.bfl.ai/v1/get_result?id=c8a2e2b1-7d2f-4f8e-9b1a-3f6c2a1b9d0e",
    },
    images: [],
    job: {
      phase: null,
      id: "c8a2e2b1-7d2f-4f8e-9b1a-3f6c2a1b9d0e",
      pollingUrl: "https://api.us1.bfl.ai/v1/get_result?id=c8a2e2b1-7d2f-4f8e-9b1a-3f6c2a1b9d0e",
    },
  },
  {
    name: "Black Forest Labs result, ready",
    source: "https://docs.bfl.ai/quick_start/generating_images",
    body: {
      id: "c8a2e2b1",
      status: "Ready",
      result: {
        sample: "https://delivery-us1.bfl.ai/results/ab/cd/sample.jpeg?se=2025-01-01&sig=abc",
        prompt: "a red fox in snow",
        seed: 1,
        start_time: 1,
        end_time: 2,
        duration: 1,
      },
    },
    images: [["$.result.sample"]],
    job: { phase: "done", id: "c8a2e2b1", state: "Ready" },
  },
  {
    name: "Black Forest Labs result, moderated",
    source: "https://docs.bfl.ai/api_integration/integration_guidelines",
    body: { id: "c8a2e2b1", status: "Content Moderated", result: null, details: { "Moderation Reasons": ["Derivative Works Filter"] } },
    images: [],
    job: { phase: "failed", id: "c8a2e2b1", state: "Content Moderated" },
  },
  {
    name: "Ideogram generate",
    source: "https://developer.ideogram.ai/api-reference/api-reference/generate-v3",
    body: {
      created: "2000-01-23T04:56:07Z",
      data: [
        {
          prompt: "a red fox in snow",
          resolution: "1024x1024",
          is_image_safe: true,
          seed: 12345,
          url: "https://ideogram.ai/api/images/ephemeral/abc123.png?exp=1&signature=xyz",
          style_type: "GENERAL",
        },
      ],
    },
    images: [["$.data[0].url"]],
  },
  {
    name: "Recraft generate, OpenAI-compatible",
    source: "https://www.recraft.ai/docs#generate-image",
    body: {
      created: 1698765432,
      data: [{ image_id: "8f8f2d5e-1b4e", url: "https://img.recraft.ai/AbCdEf/rs:fit:1024:1024/plain/abs://prod/images/8f8f2d5e" }],
    },
    images: [["$.data[0].url"]],
  },
  {
    name: "Google Imagen on Vertex AI, predictions",
    source: "https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/imagen-api",
    note: SUBSTITUTED,
    body: {
      predictions: [
        { bytesBase64Encoded: PNG_BASE64, mimeType: "image/png" },
        { mimeType: "image/png", bytesBase64Encoded: JPEG_BASE64 },
      ],
    },
    images: [["$.predictions[0].bytesBase64Encoded"], ["$.predictions[1].bytesBase64Encoded"]],
  },
  {
    name: "Gemini, inlineData part beside text",
    source: "https://ai.google.dev/gemini-api/docs/image-generation",
    note: SUBSTITUTED,
    body: {
      candidates: [
        {
          content: {
            parts: [{ text: "Here is a red fox in snow." }, { inlineData: { mimeType: "image/png", data: PNG_BASE64 } }],
            role: "model",
          },
          finishReason: "STOP",
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 10 },
    },
    images: [["$.candidates[0].content.parts[1].inlineData.data"]],
  },
  {
    name: "Gemini error",
    source: "https://ai.google.dev/gemini-api/docs/troubleshooting",
    body: { error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" } },
    images: [],
  },
  {
    name: "Amazon Bedrock, Titan / Nova Canvas images",
    source: "https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-titan-image.html",
    note: SUBSTITUTED,
    body: { images: [PNG_BASE64, JPEG_BASE64], error: null },
    images: [["$.images[0]"], ["$.images[1]"]],
  },
  {
    name: "Amazon Bedrock, Stability SDXL artifacts",
    source: "https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-diffusion-1-0-text-image.html",
    note: SUBSTITUTED,
    body: { result: "success", artifacts: [{ seed: 123, base64: JPEG_BASE64, finishReason: "SUCCESS" }] },
    images: [["$.artifacts[0].base64"]],
  },
  {
    name: "Runware imageInference, imageURL",
    source: "https://runware.ai/docs/en/image-inference/api-reference",
    body: {
      data: [
        {
          taskType: "imageInference",
          taskUUID: "a770f077-f413-47de-9dac-be0b26a35da6",
          imageUUID: "77da2d99-a6d3-44d9-b8c0-ae9fb06b6200",
          imageURL: "https://im.runware.ai/image/ws/0.5/ii/a770f077-f413-47de-9dac-be0b26a35da6.jpg",
          cost: 0.0013,
        },
      ],
    },
    images: [["$.data[0].imageURL"]],
  },
  {
    name: "SiliconFlow images generations",
    source: "https://docs.siliconflow.cn/en/api-reference/images/images-generations",
    body: {
      images: [{ url: "https://sc-maas.oss-cn-shanghai.aliyuncs.com/outputs/abc.png?OSSAccessKeyId=x&Signature=y" }],
      timings: { inference: 1.1 },
      seed: 42,
    },
    images: [["$.images[0].url"]],
  },
  {
    name: "OpenRouter chat completion with image data URIs",
    source: "https://openrouter.ai/docs/features/multimodal/image-generation",
    note: SUBSTITUTED,
    body: {
      id: "gen-1",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "Here is your image.",
            images: [{ type: "image_url", image_url: { url: `data:image/png;base64,${PNG_BASE64}` } }],
          },
          finish_reason: "stop",
        },
      ],
    },
    images: [["$.choices[0].message.images[0].image_url.url"]],
  },
  {
    name: "Venice image generate, base64 list",
    source: "https://docs.venice.ai/api-reference/endpoint/image/generate",
    note: SUBSTITUTED,
    body: {
      id: "generate-image-1234",
      images: [WEBP_BASE64],
      timing: { inferenceDuration: 1200, total: 1300 },
      request: { model: "flux-dev", prompt: "a red fox in snow" },
    },
    images: [["$.images[0]"]],
  },
  {
    name: "DashScope text-to-image task submitted",
    source: "https://help.aliyun.com/zh/model-studio/developer-reference/text-to-image-v2-api-reference",
    body: { output: { task_status: "PENDING", task_id: "0385dc79-5ff8-4d82-bcb6-xxxxxx" }, request_id: "4909100c-7b5a-9f92-bfe5-xxxxxx" },
    images: [],
    job: { phase: "waiting", id: "0385dc79-5ff8-4d82-bcb6-xxxxxx", state: "PENDING" },
  },
  {
    name: "DashScope text-to-image task succeeded",
    source: "https://help.aliyun.com/zh/model-studio/developer-reference/text-to-image-v2-api-reference",
    body: {
      request_id: "f767d108-7d50-908b-a6d9-xxxxxx",
      output: {
        task_id: "d492bffd-10b5-4169-b639-xxxxxx",
        task_status: "SUCCEEDED",
        results: [
          {
            orig_prompt: "a red fox",
            actual_prompt: "a red fox in snow",
            url: "https://dashscope-result-bj.oss-cn-beijing.aliyuncs.com/1.png",
          },
        ],
        task_metrics: { TOTAL: 1, SUCCEEDED: 1, FAILED: 0 },
      },
      usage: { image_count: 1 },
    },
    images: [["$.output.results[0].url"]],
    job: { phase: "done", id: "d492bffd-10b5-4169-b639-xxxxxx", state: "SUCCEEDED" },
  },
  {
    name: "ModelsLab text2img, success",
    source: "https://docs.modelslab.com/image-generation/realtime/text2img",
    body: {
      status: "success",
      generationTime: 1.39,
      id: 11796,
      output: ["https://pub-3626123a908346a7a8be8d9295f44e26.r2.dev/generations/0-45c2.png"],
      meta: { prompt: "a red fox in snow", seed: 1 },
    },
    images: [["$.output[0]"]],
    job: { phase: "done", id: "11796", state: "success" },
  },
  {
    name: "ModelsLab text2img, processing with future links",
    source: "https://docs.modelslab.com/enterprise-api/realtime/fetchimage",
    body: {
      status: "processing",
      tip: "Your image is processing in background",
      eta: 14,
      messege: "Try to fetch request after given estimated time",
      fetch_result: "https://modelslab.com/api/v6/realtime/fetch/11797",
      id: 11797,
      output: [],
      future_links: ["https://pub-3626123a908346a7a8be8d9295f44e26.r2.dev/generations/0-future.png"],
    },
    images: [],
    job: { phase: "waiting", id: "11797", state: "processing", pollingUrl: "https://modelslab.com/api/v6/realtime/fetch/11797" },
  },
  {
    name: "midjourney-proxy task, success with url and proxy copy",
    source: "https://github.com/novicezk/midjourney-proxy/blob/main/docs/api.md",
    body: {
      id: "1320098173412546",
      action: "IMAGINE",
      prompt: "a red fox in snow",
      status: "SUCCESS",
      progress: "100%",
      imageUrl: "https://cdn.discordapp.com/attachments/1/2/fox_grid_0.png",
      attachments: [
        {
          url: "https://cdn.discordapp.com/attachments/1/2/fox_grid_0.png",
          proxy_url: "https://media.discordapp.net/attachments/1/2/fox_grid_0.png",
        },
      ],
      failReason: "",
    },
    images: [["$.imageUrl", "$.attachments[0].url", "$.attachments[0].proxy_url"]],
    job: { phase: "done", id: "1320098173412546", state: "SUCCESS" },
  },
  {
    name: "midjourney-proxy submit",
    source: "https://github.com/novicezk/midjourney-proxy/blob/main/docs/api.md",
    body: { code: 1, description: "Submit success", result: "1320098173412546", properties: { discordInstanceId: "1118138338562560102" } },
    images: [],
  },
  {
    name: "Bria v2, completed with result.image_url",
    source: "https://docs.bria.ai/status",
    body: {
      status: "COMPLETED",
      request_id: "b1a2c3",
      result: { image_url: "https://bria-temp.s3.amazonaws.com/images/b1a2c3/result", seed: 5 },
    },
    images: [["$.result.image_url"]],
    job: { phase: "done", id: "b1a2c3", state: "COMPLETED" },
  },
  {
    name: "OpenAI error, content policy",
    source: "https://platform.openai.com/docs/guides/error-codes",
    body: {
      error: {
        code: "content_policy_violation",
        message: "Your request was rejected as a result of our safety system.",
        param: null,
        type: "invalid_request_error",
      },
    },
    images: [],
  },
  {
    name: "JSON answer encoded inside a string (a gateway's envelope)",
    source: "https://docs.aws.amazon.com/apigateway/latest/developerguide/set-up-lambda-proxy-integrations.html",
    body: {
      statusCode: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: [{ url: "https://cdn.example.com/out/fox.webp" }] }),
    },
    images: [["$.body(json).data[0].url"]],
  },
  {
    name: "A self-hosted server's file URLs, relative to its own root",
    source: "https://github.com/AUTOMATIC1111/stable-diffusion-webui/wiki/API (a file route in front of the outputs folder)",
    base: "https://gen.internal.example/v1/images/generations",
    body: { created: 1764115200, data: [{ url: "/files/8f2c1d/0.png" }, { url: "/files/8f2c1d/1.webp?v=2" }] },
    images: [["$.data[0].url"], ["$.data[1].url"]],
    urls: ["https://gen.internal.example/files/8f2c1d/0.png", "https://gen.internal.example/files/8f2c1d/1.webp?v=2"],
  },
  {
    name: "Outputs named relative to the endpoint (a job that has finished)",
    source: "https://docs.comfy.org/development/comfyui-server/comms_routes (outputs served beside the API)",
    base: "https://gen.internal.example/api/v1/images/generations",
    body: { status: "succeeded", output: ["outputs/2026-11-26/1.png", "outputs/2026-11-26/2.png"] },
    images: [["$.output[0]"], ["$.output[1]"]],
    urls: [
      "https://gen.internal.example/api/v1/images/outputs/2026-11-26/1.png",
      "https://gen.internal.example/api/v1/images/outputs/2026-11-26/2.png",
    ],
    job: { phase: "done", state: "succeeded" },
  },
  {
    name: "A server's own disk path beside the URL that serves it: only the URL is the picture",
    source: "https://www.gradio.app/docs/python-client/introduction (FileData: path and url)",
    base: "https://space.example/gradio_api/call/predict",
    body: {
      path: "/tmp/gradio/2c4e/image.png",
      url: "https://space.example/gradio_api/file=/tmp/gradio/2c4e/image.png",
      orig_name: "image.png",
      filename: "outputs/image.png",
      meta: { _type: "gradio.FileData" },
    },
    images: [["$.url"]],
  },
  {
    name: "Relative paths that are not pictures: a job's own address, a page, a path with no image name",
    source: "negative: the playground's own",
    base: "https://gen.internal.example/v1/images/generations",
    body: { id: "r-7", links: ["/v1/jobs/r-7", "docs/quickstart.html"], url: "/v1/images/r-7", status_url: "/v1/jobs/r-7.png" },
    images: [],
  },
];
