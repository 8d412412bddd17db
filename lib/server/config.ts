import "server-only";
import { z } from "zod";
import { DEFAULT_PROMPT_MAX_CHARS } from "@/lib/generation-request";
import { normaliseBaseUrl, type BaseForm, type BaseFormSetting } from "./service-url";

/**
 * The only module that reads the environment. It is read once, validated with every bad variable
 * named, and everything else imports the parsed result.
 */

export type ServiceConfig = {
  root: string;
  givenForm: BaseForm;
  formSetting: BaseFormSetting;
  apiKey: string;
};

export type ServerConfig = {
  /** The configured image service; null when the playground runs on its embedded demo service. */
  service: ServiceConfig | null;
  demo: { enabled: boolean; port: number };
  /** Suggestions for the Model field; free text is still allowed. */
  models: string[];
  timeoutMs: number;
  promptMaxChars: number;
};

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; problems: string[] };

/** An empty variable counts as unset, so `FOO=` in a .env file does not mean "the empty string". */
const unsetIfEmpty = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const positiveInteger = (fallback: number, max: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(max).default(fallback));

const envSchema = z.object({
  IMAGE_API_BASE_URL: z.preprocess(unsetIfEmpty, z.string().optional()),
  IMAGE_API_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
  IMAGE_API_BASE_FORM: z.preprocess(
    (value) => (typeof value === "string" ? unsetIfEmpty(value.trim().toLowerCase()) : value),
    z.enum(["auto", "host", "api"]).default("auto"),
  ),
  IMAGE_MODELS: z.preprocess(unsetIfEmpty, z.string().optional()),
  IMAGE_API_TIMEOUT_MS: positiveInteger(120_000, 3_600_000),
  IMAGE_PROMPT_MAX_CHARS: positiveInteger(DEFAULT_PROMPT_MAX_CHARS, 100_000),
  IMAGE_API_DEMO: z.preprocess(
    (value) => (typeof value === "string" ? unsetIfEmpty(value.trim().toLowerCase()) : value),
    z.enum(["on", "off"]).optional(),
  ),
  IMAGE_API_DEMO_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65_535).default(0)),
});

export const DEMO_MODELS = ["demo-geometric", "demo-watercolor", "demo-pixel"] as const;

export function parseServerConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    };
  }
  const vars = parsed.data;
  const problems: string[] = [];

  let service: ServiceConfig | null = null;
  if (vars.IMAGE_API_BASE_URL !== undefined) {
    if (vars.IMAGE_API_KEY === undefined) {
      problems.push("IMAGE_API_KEY: required when IMAGE_API_BASE_URL is set (the bearer key for that service)");
    }
    try {
      const { root, givenForm } = normaliseBaseUrl(vars.IMAGE_API_BASE_URL);
      service = { root, givenForm, formSetting: vars.IMAGE_API_BASE_FORM, apiKey: vars.IMAGE_API_KEY ?? "" };
    } catch (error) {
      // new URL() throws a TypeError for text that is not a URL; our own checks throw plain Errors.
      const reason =
        error instanceof TypeError ? "is not an absolute URL" : error instanceof Error ? error.message : String(error);
      problems.push(`IMAGE_API_BASE_URL: ${reason}`);
    }
  }
  const demoEnabled = vars.IMAGE_API_DEMO ? vars.IMAGE_API_DEMO === "on" : vars.IMAGE_API_BASE_URL === undefined;
  if (vars.IMAGE_API_BASE_URL === undefined && !demoEnabled) {
    problems.push("IMAGE_API_DEMO: is off and IMAGE_API_BASE_URL is not set, so there is no service to call");
  }
  if (problems.length > 0) return { ok: false, problems };

  const configured = (vars.IMAGE_MODELS ?? "")
    .split(",")
    .map((model) => model.trim())
    .filter((model) => model !== "");
  const models = [...new Set([...configured, ...(demoEnabled ? DEMO_MODELS : [])])];

  return {
    ok: true,
    config: {
      service,
      demo: { enabled: demoEnabled, port: vars.IMAGE_API_DEMO_PORT },
      models,
      timeoutMs: vars.IMAGE_API_TIMEOUT_MS,
      promptMaxChars: vars.IMAGE_PROMPT_MAX_CHARS,
    },
  };
}

let cached: ConfigResult | undefined;

/** The process's configuration, read from the environment on first use. */
export function getServerConfig(): ConfigResult {
  cached ??= parseServerConfig(process.env);
  return cached;
}
