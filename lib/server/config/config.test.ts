import { describe, expect, it } from "vitest";
import { DEMO_MODELS, parseServerConfig } from "./config";

describe("parseServerConfig", () => {
  it("runs on the demo service with nothing configured", () => {
    const result = parseServerConfig({});
    expect(result).toEqual({
      ok: true,
      config: {
        service: null,
        demo: { enabled: true, port: 0 },
        extraFields: { mode: "off" },
        prices: {},
        models: [...DEMO_MODELS],
        promptMaxChars: 4000,
        historyCaps: { maxRuns: 5000, maxBytes: 2000 * 1024 * 1024 },
        grid: { maxCells: 64, confirmAbove: 12, concurrency: 4 },
        access: { password: null, oidc: null, sessionSecret: null, secretHome: { dataDir: ".playground-data" }, sessionHours: 12 },
        limits: {
          requestBodyBytes: 16 * 1024,
          ratePerMinute: 30,
          maxInFlight: 16,
          answerBytes: 64 * 1024 * 1024,
          headersTimeoutMs: 120_000,
          timeoutMs: 120_000,
        },
        shares: {
          database: { dataDir: ".playground-data" },
          shareBytes: 64 * 1024 * 1024,
          libraryBytes: 5000 * 1024 * 1024,
          perHour: 60,
          maxUploads: 8,
        },
        budgets: { imagesPerDay: null, imagesPerMonth: null, costPerMonth: null },
        audit: { prompts: false, days: 90 },
        library: { enabled: true, bytesPerPerson: 5000 * 1024 * 1024 },
        batches: { concurrency: 4, maxRows: 10_000, perPerson: 5, webhookHosts: [] },
        trustProxyHops: 0,
        ipv6PrefixBits: 64,
        allowedHosts: { names: new Set(), domains: [] },
        stopGraceMs: 30_000,
      },
    });
  });

  it("treats empty variables as unset", () => {
    const empty = Object.fromEntries(
      [
        "IMAGE_API_BASE_URL",
        "IMAGE_API_KEY",
        "IMAGE_API_BASE_FORM",
        "IMAGE_MODELS",
        "IMAGE_API_TIMEOUT_MS",
        "IMAGE_API_HEADERS_TIMEOUT_MS",
        "IMAGE_API_MAX_ANSWER_BYTES",
        "IMAGE_PROMPT_MAX_CHARS",
        "IMAGE_API_DEMO",
        "IMAGE_API_DEMO_PORT",
        "PLAYGROUND_PASSWORD",
        "PLAYGROUND_SESSION_SECRET",
        "PLAYGROUND_SESSION_HOURS",
        "PLAYGROUND_MAX_BODY_BYTES",
        "PLAYGROUND_RATE_LIMIT_PER_MINUTE",
        "PLAYGROUND_MAX_IN_FLIGHT",
        "TRUST_PROXY_HOPS",
        "PLAYGROUND_ALLOWED_HOSTS",
        "PLAYGROUND_STOP_GRACE_SECONDS",
        "PLAYGROUND_HISTORY_MAX_RUNS",
        "PLAYGROUND_HISTORY_MAX_MB",
        "PLAYGROUND_GRID_MAX_CELLS",
        "PLAYGROUND_GRID_CONFIRM_ABOVE",
        "PLAYGROUND_GRID_CONCURRENCY",
        "DATABASE_URL",
        "PLAYGROUND_DATA_DIR",
        "PLAYGROUND_SHARE_MAX_MB",
        "PLAYGROUND_SHARES_MAX_MB",
        "PLAYGROUND_SHARES_PER_HOUR",
      ].map((name) => [name, " "]),
    );
    expect(parseServerConfig(empty)).toEqual(parseServerConfig({}));
  });

  it("keeps shares in the embedded database's folder unless a PostgreSQL server is given", () => {
    const embedded = parseServerConfig({});
    expect(embedded.ok && embedded.config.shares).toEqual({
      database: { dataDir: ".playground-data" },
      shareBytes: 64 * 1024 * 1024,
      libraryBytes: 5000 * 1024 * 1024,
      perHour: 60,
      maxUploads: 8,
    });
    const server = parseServerConfig({ DATABASE_URL: "postgres://p@db:5432/x", PLAYGROUND_SHARES_PER_HOUR: "5" });
    expect(server.ok && server.config.shares).toMatchObject({ database: { url: "postgres://p@db:5432/x" }, perHour: 5 });
    expect(parseServerConfig({ PLAYGROUND_SHARE_MAX_MB: "0" })).toEqual({
      ok: false,
      problems: ["PLAYGROUND_SHARE_MAX_MB: must be a whole number of megabytes from 1 to 1024"],
    });
  });

  it("names the missing key when a base URL is set", () => {
    const result = parseServerConfig({ IMAGE_API_BASE_URL: "https://img.example.com/api" });
    expect(result).toEqual({ ok: false, problems: [expect.stringMatching(/^IMAGE_API_KEY: required when IMAGE_API_BASE_URL is set/)] });
  });

  it("names every bad variable at once in plain words, never their values", () => {
    const result = parseServerConfig({ IMAGE_API_TIMEOUT_MS: "soon", IMAGE_API_BASE_FORM: "sideways", IMAGE_API_KEY: "sk-secret-value" });
    expect(result).toEqual({
      ok: false,
      problems: [
        "IMAGE_API_BASE_FORM: must be one of: auto, host, api",
        "IMAGE_API_TIMEOUT_MS: must be a whole number of milliseconds from 1 to 3600000",
      ],
    });
  });

  it("still names the missing key when another variable is bad", () => {
    const result = parseServerConfig({ IMAGE_API_BASE_URL: "https://h.example", IMAGE_PROMPT_MAX_CHARS: "0" });
    expect(result.ok ? [] : result.problems).toEqual([
      "IMAGE_PROMPT_MAX_CHARS: must be a whole number of characters from 1 to 100000",
      expect.stringMatching(/^IMAGE_API_KEY: required/),
    ]);
  });

  it("reads a configured service, its models and limits", () => {
    const result = parseServerConfig({
      IMAGE_API_BASE_URL: "https://img.example.com/api/v1",
      IMAGE_API_KEY: "sk-test-0123456789",
      IMAGE_MODELS: " flux-pro, imagen-4 ,,flux-pro",
      IMAGE_API_TIMEOUT_MS: "30000",
      IMAGE_API_BASE_FORM: "API",
      IMAGE_PROMPT_MAX_CHARS: "1000",
      IMAGE_API_HEADERS_TIMEOUT_MS: "90000",
      PLAYGROUND_PASSWORD: "open sesame",
      PLAYGROUND_RATE_LIMIT_PER_MINUTE: "5",
      TRUST_PROXY_HOPS: "1",
      PLAYGROUND_HISTORY_MAX_RUNS: "50",
      PLAYGROUND_HISTORY_MAX_MB: "20",
      PLAYGROUND_GRID_MAX_CELLS: "20",
      PLAYGROUND_GRID_CONCURRENCY: "50",
      PLAYGROUND_MAX_IN_FLIGHT: "6",
    });
    expect(result).toMatchObject({
      ok: true,
      config: {
        service: { root: "https://img.example.com", givenForm: "api", formSetting: "api", apiKey: "sk-test-0123456789" },
        demo: { enabled: false, port: 0 },
        models: ["flux-pro", "imagen-4"],
        promptMaxChars: 1000,
        historyCaps: { maxRuns: 50, maxBytes: 20 * 1024 * 1024 },
        // A grid's concurrency never passes the in-flight cap.
        grid: { maxCells: 20, confirmAbove: 12, concurrency: 6 },
        access: { password: "open sesame", sessionHours: 12 },
        // The headers timeout never outlasts the whole exchange.
        limits: { timeoutMs: 30_000, headersTimeoutMs: 30_000, ratePerMinute: 5 },
        trustProxyHops: 1,
      },
    });
  });

  it("keeps the demo models beside a real service only when asked to", () => {
    const result = parseServerConfig({
      IMAGE_API_BASE_URL: "https://h.example",
      IMAGE_API_KEY: "k-0123456789ab",
      IMAGE_MODELS: "m1",
      IMAGE_API_DEMO: "on",
    });
    expect(result.ok && result.config.models).toEqual(["m1", ...DEMO_MODELS]);
    expect(result.ok && result.config.demo.enabled).toBe(true);
  });

  it("reads the host names to answer besides loopback, and names a bad one", () => {
    const result = parseServerConfig({ PLAYGROUND_ALLOWED_HOSTS: "Playground.Example.com, .team.example , 10.0.0.5" });
    expect(result.ok && result.config.allowedHosts).toEqual({
      names: new Set(["playground.example.com", "10.0.0.5"]),
      domains: ["team.example"],
    });
    const bad = parseServerConfig({ PLAYGROUND_ALLOWED_HOSTS: "https://playground.example.com" });
    expect(bad).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^PLAYGROUND_ALLOWED_HOSTS: "https:\/\/playground.example.com" is not a host name/)],
    });
  });

  it("refuses to run with neither a service nor the demo", () => {
    expect(parseServerConfig({ IMAGE_API_DEMO: "off" }).ok).toBe(false);
  });

  it("refuses a base URL that is not http(s)", () => {
    const result = parseServerConfig({ IMAGE_API_BASE_URL: "localhost:8080", IMAGE_API_KEY: "k" });
    expect(result.ok ? [] : result.problems).toEqual([expect.stringMatching(/^IMAGE_API_BASE_URL: /)]);
  });
});
