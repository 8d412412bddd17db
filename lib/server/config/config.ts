import "server-only";
import type { GridSettings } from "@/lib/grid/grid-settings";
import type { HistoryCaps } from "@/lib/history/history-types";
import { envSchema, unsetIfEmpty, type EnvVars } from "./env-schema";
import { parseExtraFieldsSetting, type ExtraFieldsSetting } from "@/lib/request/extra-fields";
import { parsePrices, type Prices } from "@/lib/request/prices";
import { NO_EXTRA_HOSTS, parseKnownHosts, type KnownHosts } from "@/lib/server/http/known-hosts";
import { readOidcConfig, type OidcConfig } from "@/lib/server/oidc/oidc-config";
import { normaliseBaseUrl, type BaseForm, type BaseFormSetting } from "@/lib/server/upstream/service-url";

/**
 * The only module that reads the environment. It is read once, validated with every bad variable
 * named (never its value), and everything else imports the parsed result.
 */

export type ServiceConfig = {
  root: string;
  givenForm: BaseForm;
  formSetting: BaseFormSetting;
  apiKey: string;
};

export type AccessConfig = {
  /** null: the playground is open to anyone who can reach it (unless `oidc` is set). */
  password: string | null;
  /** Sign-in with the company's OpenID Connect provider; people are then known by name. */
  oidc: OidcConfig | null;
  /** Signs session cookies and poll tokens when PLAYGROUND_SESSION_SECRET is set; null: the server makes its own. */
  sessionSecret: string | null;
  /** Where the server's own secret is kept when none is given: the PostgreSQL server, else the data folder. */
  secretHome: { url: string } | { dataDir: string };
  sessionHours: number;
};

export type LimitsConfig = {
  requestBodyBytes: number;
  ratePerMinute: number;
  maxInFlight: number;
  answerBytes: number;
  headersTimeoutMs: number;
  timeoutMs: number;
};

/** Per-author caps (null: none); admins may override them per author (budget_overrides). */
export type BudgetConfig = {
  imagesPerDay: number | null;
  imagesPerMonth: number | null;
  /** In the currency of IMAGE_PRICES; estimated at each model's per-image price. */
  costPerMonth: number | null;
};

export type AuditConfig = {
  /** Whether a generation's prompt text is kept in the audit log (PLAYGROUND_AUDIT_PROMPTS). */
  prompts: boolean;
  days: number;
};

export type SharesConfig = {
  /** A PostgreSQL server (several instances share it), else the embedded database's data folder. */
  database: { url: string } | { dataDir: string };
  shareBytes: number;
  libraryBytes: number;
  perHour: number;
  /** Share uploads being received at once, in all (PLAYGROUND_MAX_UPLOADS); each client may have 2. */
  maxUploads: number;
};

/** Each person's library of runs on the server (PLAYGROUND_LIBRARY); off: runs stay in each browser only. */
export type LibraryConfig = { enabled: boolean; bytesPerPerson: number };

/** Batches run on the server (they need the library: their runs go to it). */
export type BatchConfig = {
  /** Rows of one batch sent at once when its author does not say (PLAYGROUND_BATCH_CONCURRENCY). */
  concurrency: number;
  maxRows: number;
  /** Batches one person may have queued, running or paused at once. */
  perPerson: number;
  /** Host names a webhook may call (lower case); empty: no webhooks. */
  webhookHosts: string[];
};

/** Where the embedded database keeps its files when PLAYGROUND_DATA_DIR is not set (git-ignored). */
export const DEFAULT_DATA_DIR = ".playground-data";

export type ServerConfig = {
  /** The configured image service; null when the playground runs on its embedded demo service. */
  service: ServiceConfig | null;
  demo: { enabled: boolean; port: number };
  /** Suggestions for the Model field; free text is still allowed. */
  models: string[];
  promptMaxChars: number;
  /** Request fields beyond the three, allowed by IMAGE_EXTRA_FIELDS (off unless set). */
  extraFields: ExtraFieldsSetting;
  /** Per-model prices for cost estimates (IMAGE_PRICES); empty: only reported usage is shown. */
  prices: Prices;
  /** How much run history each browser keeps (the page enforces it; the server only passes it on). */
  historyCaps: HistoryCaps;
  grid: GridSettings;
  access: AccessConfig;
  limits: LimitsConfig;
  shares: SharesConfig;
  library: LibraryConfig;
  batches: BatchConfig;
  budgets: BudgetConfig;
  audit: AuditConfig;
  trustProxyHops: number;
  /** How many leading bits of an IPv6 client's address name it for limits (PLAYGROUND_IPV6_PREFIX). */
  ipv6PrefixBits: number;
  /** Host names answered besides loopback (PLAYGROUND_ALLOWED_HOSTS); the rest get 421. */
  allowedHosts: KnownHosts;
  /** On SIGTERM, how long generations under way may take to finish before the process exits. */
  stopGraceMs: number;
};

/** The grace period when the configuration cannot be read (it is still stopped gracefully). */
export const DEFAULT_STOP_GRACE_MS = 30_000;

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; problems: string[] };

const MISSING_KEY = "IMAGE_API_KEY: required when IMAGE_API_BASE_URL is set (the bearer key for that service)";

export const DEMO_MODELS = ["demo-geometric", "demo-watercolor", "demo-pixel"] as const;

function readService(vars: EnvVars, problems: string[]): ServiceConfig | null {
  if (vars.IMAGE_API_BASE_URL === undefined) return null;
  if (vars.IMAGE_API_KEY === undefined) problems.push(MISSING_KEY);
  try {
    const { root, givenForm } = normaliseBaseUrl(vars.IMAGE_API_BASE_URL);
    return { root, givenForm, formSetting: vars.IMAGE_API_BASE_FORM, apiKey: vars.IMAGE_API_KEY ?? "" };
  } catch (error) {
    // new URL() throws a TypeError for text that is not a URL; our own checks throw plain Errors.
    const reason = error instanceof TypeError ? "is not an absolute URL" : error instanceof Error ? error.message : String(error);
    problems.push(`IMAGE_API_BASE_URL: ${reason}`);
    return null;
  }
}

function readAccess(vars: EnvVars, oidc: OidcConfig | null): AccessConfig {
  return {
    password: vars.PLAYGROUND_PASSWORD ?? null,
    oidc,
    // Never derived from the password (a captured cookie would let anyone test passwords offline).
    sessionSecret: vars.PLAYGROUND_SESSION_SECRET ?? null,
    secretHome: vars.DATABASE_URL ? { url: vars.DATABASE_URL } : { dataDir: vars.PLAYGROUND_DATA_DIR ?? DEFAULT_DATA_DIR },
    sessionHours: vars.PLAYGROUND_SESSION_HOURS,
  };
}

export function parseServerConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    // The missing key is still named on a failed parse, so every problem is reported in one go.
    if (unsetIfEmpty(env.IMAGE_API_BASE_URL) !== undefined && unsetIfEmpty(env.IMAGE_API_KEY) === undefined) problems.push(MISSING_KEY);
    return { ok: false, problems };
  }
  const vars = parsed.data;
  const problems: string[] = [];
  const service = readService(vars, problems);
  const demoEnabled = vars.IMAGE_API_DEMO ? vars.IMAGE_API_DEMO === "on" : vars.IMAGE_API_BASE_URL === undefined;
  if (vars.IMAGE_API_BASE_URL === undefined && !demoEnabled) {
    problems.push("IMAGE_API_DEMO: is off and IMAGE_API_BASE_URL is not set, so there is no service to call");
  }
  const extraFields = parseExtraFieldsSetting(vars.IMAGE_EXTRA_FIELDS);
  if (!extraFields) {
    problems.push("IMAGE_EXTRA_FIELDS: must be off, any, or a comma-separated list of field names (not model, prompt or aspect_ratio)");
  }
  const prices = parsePrices(vars.IMAGE_PRICES);
  if (!prices.ok) problems.push(`IMAGE_PRICES: ${prices.problem}`);
  const allowedHosts = parseKnownHosts(vars.PLAYGROUND_ALLOWED_HOSTS);
  if (!allowedHosts.ok) problems.push(`PLAYGROUND_ALLOWED_HOSTS: ${allowedHosts.problem}`);
  const oidc = readOidcConfig(vars, allowedHosts.ok ? allowedHosts.hosts : NO_EXTRA_HOSTS, problems);
  if (problems.length > 0 || !extraFields || !prices.ok || !allowedHosts.ok) return { ok: false, problems };

  const configured = (vars.IMAGE_MODELS ?? "")
    .split(",")
    .map((model) => model.trim())
    .filter((model) => model !== "");
  return {
    ok: true,
    config: {
      service,
      demo: { enabled: demoEnabled, port: vars.IMAGE_API_DEMO_PORT },
      models: [...new Set([...configured, ...(demoEnabled ? DEMO_MODELS : [])])],
      promptMaxChars: vars.IMAGE_PROMPT_MAX_CHARS,
      extraFields,
      prices: prices.prices,
      historyCaps: { maxRuns: vars.PLAYGROUND_HISTORY_MAX_RUNS, maxBytes: vars.PLAYGROUND_HISTORY_MAX_MB * 1024 * 1024 },
      grid: {
        maxCells: vars.PLAYGROUND_GRID_MAX_CELLS,
        confirmAbove: vars.PLAYGROUND_GRID_CONFIRM_ABOVE,
        // A grid never asks for more at once than the playground runs at once.
        concurrency: Math.min(vars.PLAYGROUND_GRID_CONCURRENCY, vars.PLAYGROUND_MAX_IN_FLIGHT),
      },
      access: readAccess(vars, oidc),
      limits: {
        requestBodyBytes: vars.PLAYGROUND_MAX_BODY_BYTES,
        ratePerMinute: vars.PLAYGROUND_RATE_LIMIT_PER_MINUTE,
        maxInFlight: vars.PLAYGROUND_MAX_IN_FLIGHT,
        answerBytes: vars.IMAGE_API_MAX_ANSWER_BYTES,
        headersTimeoutMs: Math.min(vars.IMAGE_API_HEADERS_TIMEOUT_MS ?? vars.IMAGE_API_TIMEOUT_MS, vars.IMAGE_API_TIMEOUT_MS),
        timeoutMs: vars.IMAGE_API_TIMEOUT_MS,
      },
      shares: {
        database: vars.DATABASE_URL ? { url: vars.DATABASE_URL } : { dataDir: vars.PLAYGROUND_DATA_DIR ?? DEFAULT_DATA_DIR },
        shareBytes: vars.PLAYGROUND_SHARE_MAX_MB * 1024 * 1024,
        libraryBytes: vars.PLAYGROUND_SHARES_MAX_MB * 1024 * 1024,
        perHour: vars.PLAYGROUND_SHARES_PER_HOUR,
        maxUploads: vars.PLAYGROUND_MAX_UPLOADS,
      },
      budgets: {
        imagesPerDay: vars.PLAYGROUND_BUDGET_IMAGES_PER_DAY ?? null,
        imagesPerMonth: vars.PLAYGROUND_BUDGET_IMAGES_PER_MONTH ?? null,
        costPerMonth: vars.PLAYGROUND_BUDGET_COST_PER_MONTH ?? null,
      },
      audit: { prompts: vars.PLAYGROUND_AUDIT_PROMPTS === "on", days: vars.PLAYGROUND_AUDIT_DAYS },
      library: { enabled: vars.PLAYGROUND_LIBRARY === "on", bytesPerPerson: vars.PLAYGROUND_LIBRARY_MAX_MB_PER_PERSON * 1024 * 1024 },
      batches: {
        concurrency: vars.PLAYGROUND_BATCH_CONCURRENCY,
        maxRows: vars.PLAYGROUND_BATCH_MAX_ROWS,
        perPerson: vars.PLAYGROUND_BATCHES_PER_PERSON,
        webhookHosts: (vars.PLAYGROUND_WEBHOOK_HOSTS ?? "")
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter((host) => host !== ""),
      },
      trustProxyHops: vars.TRUST_PROXY_HOPS,
      ipv6PrefixBits: vars.PLAYGROUND_IPV6_PREFIX,
      allowedHosts: allowedHosts.hosts,
      stopGraceMs: vars.PLAYGROUND_STOP_GRACE_SECONDS * 1000,
    },
  };
}

let cached: ConfigResult | undefined;

/** The process's configuration, read from the environment on first use. */
export function getServerConfig(): ConfigResult {
  cached ??= parseServerConfig(process.env);
  return cached;
}
