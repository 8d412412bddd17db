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
const ordinaryBody = JSON.stringify({ model: "bench-1kb", prompt: "ordinary", aspect_ratio: "1:1" });
/** The ratio field as long as a 16 KB body allows, spaces between two letters (once a quadratic pattern's worst case). */
const hostileBody = JSON.stringify({ model: "bench-1kb", prompt: "hostile", aspect_ratio: `a${" ".repeat(16_200)}a` });

async function post(url: string, body: string | FormData, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { method: "POST", body, headers, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

async function ordinaryLatencies(url: string): Promise<number[]> {
  const latencies: number[] = [];
  for (let run = 0; run < ORDINARY_RUNS; run++) {
    const started = performance.now();
    await post(url, ordinaryBody, { "content-type": "application/json" });
    latencies.push(performance.now() - started);
  }
  return latencies;
}

export async function hostileInputSlowdown(): Promise<ShareRow[]> {
  const fake = await startFakeProcess(KEY);
  const next = await startNext({
    ...emptyEnv,
    IMAGE_API_BASE_URL: fake.url,
    IMAGE_API_KEY: KEY,
    PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), "playground-bench-hostile-")),
    // Every hostile body is let through to validation: the worst case, not the rate limit's 429.
    PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const url = `${next.url}/api/generate`;
  try {
    await ordinaryLatencies(url);
    const alone = await ordinaryLatencies(url);
    let attacking = true;
    let hostileAnswers = 0;
    const attackers = Array.from({ length: HOSTILE_IN_FLIGHT }, async () => {
      while (attacking) {
        await post(url, hostileBody, { "content-type": "application/json" });
        hostileAnswers += 1;
      }
    });
    const underAttack = await ordinaryLatencies(url);
    attacking = false;
    await Promise.all(attackers);
    const ratio = summary(underAttack).median / summary(alone).median;
    return [
      {
        key: "hostile_input_slowdown_ratio",
        what: `an ordinary generation's median latency with ${HOSTILE_IN_FLIGHT} hostile 16 KB requests always in flight ÷ alone (${summary(underAttack).median.toFixed(1)} ms vs ${summary(alone).median.toFixed(1)} ms; ${hostileAnswers} hostile requests answered)`,
        value: ratio,
        unit: "×",
        target: { op: "<=", value: 1.5 },
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
