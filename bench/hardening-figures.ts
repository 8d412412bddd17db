import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { archivedRunFixture } from "../test-support/archived-run";
import { samplePng } from "../test-support/fake-service/behaviours";
import { startFakeProcess, treeRssBytes } from "./child-processes";
import { startNext } from "./next-server";
import type { ShareRow } from "./share-figures";
import { summary } from "./stats";

/**
 * What a colleague on the network could do to a shared playground, measured on servers of their
 * own: hostile 16 KB bodies beside an ordinary generation, password guesses sent in parallel, and
 * twenty 64 MB share uploads at once on a fresh server.
 */

const KEY = "sk-bench-hardening-0123456789";
const PASSWORD = "bench-door-password";
const HOSTILE_IN_FLIGHT = 8;
const ORDINARY_RUNS = 40;

const emptyEnv = { IMAGE_API_BASE_URL: "", IMAGE_API_KEY: "", IMAGE_MODELS: "", DATABASE_URL: "", PLAYGROUND_PASSWORD: "" };

async function post(url: string, body: string | FormData, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { method: "POST", body, headers, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

/** One ordinary generation's latency, sent together with 8 requests of `company` (all awaited). */
async function ordinaryBeside(url: string, ordinary: string, company: string | null): Promise<number> {
  const others =
    company === null ? [] : Array.from({ length: HOSTILE_IN_FLIGHT }, () => post(url, company, { "content-type": "application/json" }));
  const started = performance.now();
  await post(url, ordinary, { "content-type": "application/json" });
  const latency = performance.now() - started;
  await Promise.all(others);
  return latency;
}

/** The ratio field as long as a 16 KB body allows, spaces between two letters (a quadratic pattern's worst case, once). */
const hostileFor = (model: string) => JSON.stringify({ model, prompt: "hostile", aspect_ratio: `a${" ".repeat(16_200)}a` });
/** The same size, refused by the same validation, with nothing adversarial in it: what any 8 such requests cost. */
const plainFor = (model: string) => JSON.stringify({ model, prompt: "", aspect_ratio: "1:1", padding: "x".repeat(16_200) });

/**
 * Alone, beside 8 hostile requests, beside 8 plain ones of the same size, in alternation (a change
 * in the machine's load falls on all three alike). Medians of each.
 */
async function slowdowns(url: string, model: string): Promise<{ alone: number; hostile: number; plain: number }> {
  const ordinary = JSON.stringify({ model, prompt: "ordinary", aspect_ratio: "1:1" });
  for (let warmup = 0; warmup < 5; warmup++) await ordinaryBeside(url, ordinary, hostileFor(model));
  const alone: number[] = [];
  const hostile: number[] = [];
  const plain: number[] = [];
  for (let round = 0; round < ORDINARY_RUNS; round++) {
    alone.push(await ordinaryBeside(url, ordinary, null));
    hostile.push(await ordinaryBeside(url, ordinary, hostileFor(model)));
    plain.push(await ordinaryBeside(url, ordinary, plainFor(model)));
  }
  return { alone: summary(alone).median, hostile: summary(hostile).median, plain: summary(plain).median };
}

export async function hostileInputSlowdown(): Promise<ShareRow[]> {
  const fake = await startFakeProcess(KEY);
  const next = await startNext({
    ...emptyEnv,
    IMAGE_API_BASE_URL: fake.url,
    IMAGE_API_KEY: KEY,
    IMAGE_API_DEMO: "on",
    PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), "playground-bench-hostile-")),
    // Every hostile body is let through to validation: the worst case, not the rate limit's 429.
    PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const url = `${next.url}/api/generate`;
  try {
    const demo = await slowdowns(url, "demo-geometric");
    const fast = await slowdowns(url, "bench-1kb");
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      {
        key: "hostile_input_slowdown_ratio",
        what: `a demo-service generation's median latency beside ${HOSTILE_IN_FLIGHT} hostile 16 KB requests in flight ÷ alone (${ms(demo.hostile)} vs ${ms(demo.alone)})`,
        value: demo.hostile / demo.alone,
        unit: "×",
        target: { op: "<=", value: 1.5 },
      },
      {
        key: "plain_input_slowdown_ratio",
        what: `the same beside ${HOSTILE_IN_FLIGHT} plain 16 KB requests refused by the same validation (${ms(demo.plain)}): the floor any ${HOSTILE_IN_FLIGHT} such requests set`,
        value: demo.plain / demo.alone,
        unit: "×",
      },
      {
        key: "hostile_input_slowdown_ratio_fast_service",
        what: `a 1 KB answer from a fast service (the fake, ${ms(fast.alone)} alone) beside ${HOSTILE_IN_FLIGHT} hostile requests (${ms(fast.hostile)}) ÷ alone; beside ${HOSTILE_IN_FLIGHT} plain ones it is ${(fast.plain / fast.alone).toFixed(2)}× (${ms(fast.plain)})`,
        value: fast.hostile / fast.alone,
        unit: "×",
      },
    ];
  } finally {
    await next.stop();
    await fake.stop();
  }
}

export async function parallelGuessRate(): Promise<ShareRow[]> {
  const next = await startNext({
    ...emptyEnv,
    PLAYGROUND_PASSWORD: PASSWORD,
    PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), "playground-bench-guess-")),
  });
  const signIn = `${next.url}/api/sign-in`;
  const guess = (index: number) => {
    const form = new URLSearchParams({ password: `guess ${index}` }).toString();
    return post(signIn, form, { "content-type": "application/x-www-form-urlencoded", origin: next.url });
  };
  try {
    for (let failure = 0; failure < 4; failure++) await guess(failure);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, index) => guess(100 + index)));
    const seconds = (performance.now() - started) / 1000;
    const judged = statuses.filter((status) => status === 303).length;
    const refused = statuses.filter((status) => status === 429).length;
    return [
      {
        key: "signin_parallel_guess_rate_per_s",
        what: `wrong passwords checked per second, 100 sent at once after 4 failures (${judged} checked, ${refused} turned away with 429, all answered in ${seconds.toFixed(2)} s)`,
        value: judged / seconds,
        unit: "guesses/s",
        target: { op: "<=", value: 1 },
      },
    ];
  } finally {
    await next.stop();
  }
}

/** Twenty clients (told apart by X-Forwarded-For behind one trusted proxy) each upload a 64 MB share at once. */
export async function uploadMemory(): Promise<ShareRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "playground-bench-uploads-"));
  const next = await startNext({ ...emptyEnv, PLAYGROUND_DATA_DIR: dataDir, TRUST_PROXY_HOPS: "1", PLAYGROUND_SHARES_PER_HOUR: "1000" });
  const pid = next.process.pid ?? 0;
  // One image's bytes shared by every form: a PNG signature, then padding up to just under 64 MB.
  const image = new Blob([new Uint8Array(samplePng(8, 8)), new Uint8Array(63 * 1024 * 1024)], { type: "image/png" });
  const form = (client: number) => {
    const data = new FormData();
    data.set("ownerToken", `bench-owner-token-${client}-0123456789`);
    data.set("expires", "1");
    data.set("kind", "run");
    const record = archivedRunFixture({ id: `upload-${client}`, request: { model: "m", prompt: "upload", aspect_ratio: "1:1" } });
    data.set("record", JSON.stringify(record));
    data.append("file", new Blob(['{"data":[{"b64_json":"playground-file:image-1.png"}]}']), "answer.json");
    data.append("file", image, "image-1.png");
    return data;
  };
  try {
    // The library opens on first use: one small request first, so its start is not counted.
    await fetch(`${next.url}/api/health`).then((response) => response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const baseline = treeRssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRssBytes(pid))), 10);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, client) =>
        post(`${next.url}/api/shares`, form(client), { origin: next.url, "x-forwarded-for": `198.51.100.${client + 1}` }),
      ),
    );
    clearInterval(sampler);
    peak = Math.max(peak, treeRssBytes(pid));
    const stored = statuses.filter((status) => status === 201).length;
    const busy = statuses.filter((status) => status === 503).length;
    return [
      {
        key: "upload_rss_growth_mb_20x64mb",
        what: `a fresh server's peak RSS growth while 20 clients upload 64 MB shares at once (${stored} stored, ${busy} told to retry (503), ${20 - stored - busy} other)`,
        value: (peak - baseline) / 1024 / 1024,
        unit: "MB",
        target: { op: "<=", value: 256 },
      },
    ];
  } finally {
    await next.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function hardeningFigures(): Promise<ShareRow[]> {
  return [...(await hostileInputSlowdown()), ...(await parallelGuessRate()), ...(await uploadMemory())];
}
