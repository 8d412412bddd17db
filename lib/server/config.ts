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

const wholeNumber = (fallback: number, min: number, max: number, unit: string) => {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.preprocess(unsetIfEmpty, z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback));
};

const lowerCaseChoice = <const T extends readonly [string, ...string[]]>(choices: T) =>
  z.preprocess(
    (value) => (typeof value === "string" ? unsetIfEmpty(value.trim().toLowerCase()) : value),
    z.enum(choices, { error: `must be one of: ${choices.join(", ")}` }),
  );

const envSchema = z.object({
  IMAGE_API_BASE_URL: z.preprocess(unsetIfEmpty, z.string().optional()),
  IMAGE_API_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
  IMAGE_API_BASE_FORM: lowerCaseChoice(["auto", "host", "api"]).default("auto"),
  IMAGE_MODELS: z.preprocess(unsetIfEmpty, z.string().optional()),
  IMAGE_API_TIMEOUT_MS: wholeNumber(120_000, 1, 3_600_000, "milliseconds"),
  IMAGE_PROMPT_MAX_CHARS: wholeNumber(DEFAULT_PROMPT_MAX_CHARS, 1, 100_000, "characters"),
  IMAGE_API_DEMO: lowerCaseChoice(["on", "off"]).optional(),
  IMAGE_API_DEMO_PORT: wholeNumber(0, 0, 65_535, "port"),
});

const MISSING_KEY = "IMAGE_API_KEY: required when IMAGE_API_BASE_URL is set (the bearer key for that service)";

export const DEMO_MODELS = ["demo-geometric", "demo-watercolor", "demo-pixel"] as const;

export function parseServerConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  if (!parsed.success) {
    // The missing key is still named on a failed parse, so every problem is reported in one go.
    if (unsetIfEmpty(env.IMAGE_API_BASE_URL) !== undefined && unsetIfEmpty(env.IMAGE_API_KEY) === undefined) problems.push(MISSING_KEY);
    return { ok: false, problems };
  }
  const vars = parsed.data;

  let service: ServiceConfig | null = null;
  if (vars.IMAGE_API_BASE_URL !== undefined) {
    if (vars.IMAGE_API_KEY === undefined) {
      problems.push(MISSING_KEY);
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
