import "server-only";
import { z } from "zod";
import { DEFAULT_PROMPT_MAX_CHARS } from "@/lib/request/request-fields";

/** Every environment variable the playground reads, with its default and its plain-words error. */

/** An empty variable counts as unset, so `FOO=` in a .env file does not mean "the empty string". */
export const unsetIfEmpty = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const text = () => z.preprocess(unsetIfEmpty, z.string().optional());

const wholeNumber = (fallback: number, min: number, max: number, unit: string) => {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.preprocess(unsetIfEmpty, z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback));
};

const optionalWholeNumber = (min: number, max: number, unit: string) => {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.preprocess(unsetIfEmpty, z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).optional());
};

/** A non-negative amount with decimals (a budget in the prices' currency). */
const optionalAmount = (min: number, max: number, unit: string) => {
  const error = `must be an amount of ${unit} from ${min} to ${max}`;
  return z.preprocess(unsetIfEmpty, z.coerce.number({ error }).min(min, { error }).max(max, { error }).optional());
};

/** One of a few words, any case; the default (or undefined) applies after an empty value is unset. */
const lowerCaseChoice = <const T extends readonly [string, ...string[]]>(choices: T) => {
  const choice = z.enum(choices, { error: `must be one of: ${choices.join(", ")}` });
  const normalise = (value: unknown) => (typeof value === "string" ? unsetIfEmpty(value.trim().toLowerCase()) : value);
  return {
    withDefault: (fallback: T[number]) => z.preprocess(normalise, choice.default(fallback)),
    optional: () => z.preprocess(normalise, choice.optional()),
  };
};

const MIB = 1024 * 1024;

export const envSchema = z.object({
  IMAGE_API_BASE_URL: text(),
  IMAGE_API_KEY: text(),
  IMAGE_API_BASE_FORM: lowerCaseChoice(["auto", "host", "api"]).withDefault("auto"),
  IMAGE_MODELS: text(),
  IMAGE_API_TIMEOUT_MS: wholeNumber(120_000, 1, 3_600_000, "milliseconds"),
  IMAGE_API_HEADERS_TIMEOUT_MS: optionalWholeNumber(1, 3_600_000, "milliseconds"),
  IMAGE_API_MAX_ANSWER_BYTES: wholeNumber(64 * MIB, 1024, 1024 * MIB, "bytes"),
  IMAGE_EXTRA_FIELDS: text(),
  IMAGE_PRICES: text(),
  IMAGE_PROMPT_MAX_CHARS: wholeNumber(DEFAULT_PROMPT_MAX_CHARS, 1, 100_000, "characters"),
  IMAGE_API_DEMO: lowerCaseChoice(["on", "off"]).optional(),
  IMAGE_API_DEMO_PORT: wholeNumber(0, 0, 65_535, "port"),
  PLAYGROUND_PASSWORD: text(),
  PLAYGROUND_SESSION_SECRET: text(),
  PLAYGROUND_SESSION_HOURS: wholeNumber(12, 1, 24 * 90, "hours"),
  PLAYGROUND_MAX_BODY_BYTES: wholeNumber(16 * 1024, 256, MIB, "bytes"),
  PLAYGROUND_RATE_LIMIT_PER_MINUTE: wholeNumber(30, 1, 1_000_000, "generations"),
  PLAYGROUND_MAX_IN_FLIGHT: wholeNumber(16, 1, 10_000, "requests"),
  PLAYGROUND_ALLOWED_HOSTS: text(),
  PLAYGROUND_STOP_GRACE_SECONDS: wholeNumber(30, 0, 3600, "seconds"),
  TRUST_PROXY_HOPS: wholeNumber(0, 0, 10, "proxies"),
  PLAYGROUND_IPV6_PREFIX: wholeNumber(64, 1, 128, "bits"),
  PLAYGROUND_MAX_UPLOADS: wholeNumber(8, 1, 1000, "uploads"),
  PLAYGROUND_HISTORY_MAX_RUNS: wholeNumber(5000, 1, 100_000, "runs"),
  PLAYGROUND_HISTORY_MAX_MB: wholeNumber(2000, 1, 1_000_000, "megabytes"),
  PLAYGROUND_GRID_MAX_CELLS: wholeNumber(64, 1, 10_000, "cells"),
  PLAYGROUND_GRID_CONFIRM_ABOVE: wholeNumber(12, 0, 10_000, "cells"),
  PLAYGROUND_GRID_CONCURRENCY: wholeNumber(4, 1, 1_000, "requests"),
  DATABASE_URL: text(),
  PLAYGROUND_DATA_DIR: text(),
  PLAYGROUND_SHARE_MAX_MB: wholeNumber(64, 1, 1024, "megabytes"),
  PLAYGROUND_SHARES_MAX_MB: wholeNumber(5000, 1, 10_000_000, "megabytes"),
  PLAYGROUND_SHARES_PER_HOUR: wholeNumber(60, 1, 1_000_000, "shares"),
  PLAYGROUND_LIBRARY: lowerCaseChoice(["on", "off"]).withDefault("on"),
  PLAYGROUND_LIBRARY_MAX_MB_PER_PERSON: wholeNumber(5000, 1, 10_000_000, "megabytes"),
  PLAYGROUND_BATCH_CONCURRENCY: wholeNumber(4, 1, 64, "requests"),
  // A batch's runs go to one collection, which holds at most 20,000 (COLLECTION_MAX_RUNS).
  PLAYGROUND_BATCH_MAX_ROWS: wholeNumber(10_000, 1, 20_000, "rows"),
  PLAYGROUND_BATCHES_PER_PERSON: wholeNumber(5, 1, 100, "batches"),
  // Host names a batch's webhook may call, comma-separated; empty: batches take no webhook.
  PLAYGROUND_WEBHOOK_HOSTS: text(),
  PLAYGROUND_BUDGET_IMAGES_PER_DAY: optionalWholeNumber(0, 10_000_000, "images"),
  PLAYGROUND_BUDGET_IMAGES_PER_MONTH: optionalWholeNumber(0, 100_000_000, "images"),
  PLAYGROUND_BUDGET_COST_PER_MONTH: optionalAmount(0, 100_000_000, "money"),
  PLAYGROUND_AUDIT_PROMPTS: lowerCaseChoice(["on", "off"]).withDefault("off"),
  PLAYGROUND_AUDIT_DAYS: wholeNumber(90, 1, 36_500, "days"),
  PLAYGROUND_OIDC_ISSUER: text(),
  PLAYGROUND_OIDC_CLIENT_ID: text(),
  PLAYGROUND_OIDC_CLIENT_SECRET: text(),
  PLAYGROUND_PUBLIC_URL: text(),
  PLAYGROUND_OIDC_NAME: text(),
  PLAYGROUND_OIDC_SCOPES: text(),
  PLAYGROUND_OIDC_ALLOWED_DOMAINS: text(),
  PLAYGROUND_OIDC_ALLOWED_GROUPS: text(),
  PLAYGROUND_ADMINS: text(),
  PLAYGROUND_OIDC_ADMIN_GROUPS: text(),
});

export type EnvVars = z.output<typeof envSchema>;
