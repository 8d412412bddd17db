import { cpus } from "node:os";
import { startFakeImageService } from "../test-support/fake-service/fake-image-service";
import { startPostgres } from "../test-support/postgres-server";
import { startNext, type RunningNext } from "./next-server";
import { median, percentile, round } from "./stats";

/**
 * Load: 1,000 generations at concurrency 100 through POST /api/generate (next start, its own
 * process) against a fake service that echoes each request after a random 0-200 ms, twice: on one
 * instance (limits in memory), and spread over two instances on one PostgreSQL server (limits and
 * the share library there, as behind a load balancer). Every answer must be a 200 that echoes its
 * own request. Each setup first answers a warm-up round that is not counted. Run: npm run bench:load
 */

const TOTAL = 1000;
const CONCURRENCY = 100;
const KEY = "sk-load-test-key-0123456789";

type LoadResult = { seconds: number; latencies: number[]; failures: string[] };

async function load(instances: RunningNext[], total = TOTAL): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let nextIndex = 0;
  async function worker(): Promise<void> {
    while (nextIndex < total) {
      const index = nextIndex++;
      const target = instances[index % instances.length]!;
      const request = {
        model: "fake-echo",
        prompt: `load request ${index} ${Math.random().toString(36).slice(2)}`,
        aspect_ratio: `${(index % 21) + 1}:${(index % 9) + 1}`,
      };
      const started = performance.now();
      try {
        const response = await fetch(`${target.url}/api/generate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(request),
        });
        const body = (await response.json()) as { echo?: unknown };
        latencies.push(performance.now() - started);
        if (response.status !== 200) failures.push(`#${index}: status ${response.status}`);
        else if (JSON.stringify(body.echo) !== JSON.stringify(request)) failures.push(`#${index}: answer does not match its request`);
      } catch (error) {
        failures.push(`#${index}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { seconds: (performance.now() - started) / 1000, latencies, failures };
}

const fake = await startFakeImageService({ apiKey: KEY });
const env = {
  IMAGE_API_BASE_URL: fake.url,
  IMAGE_API_KEY: KEY,
  // The limits exist to protect a shared playground; this run measures the route itself.
  PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000000",
  PLAYGROUND_MAX_IN_FLIGHT: String(CONCURRENCY * 2),
};

const rows: { setup: string; result: LoadResult; received: number }[] = [];
const allFailures: string[] = [];

/** Each setup first answers a round that is not counted: the first requests load the route's code. */
const WARM_UP = 200;

const single = await startNext(env);
await load([single], WARM_UP);
let before = fake.requests.length;
rows.push({ setup: "one instance, limits in memory", result: await load([single]), received: fake.requests.length - before });
if (/unhandled ?rejection/i.test(single.output())) allFailures.push("the single instance reported an unhandled rejection");
await single.stop();

const postgres = await startPostgres();
const pair = await Promise.all([startNext({ ...env, DATABASE_URL: postgres.url }), startNext({ ...env, DATABASE_URL: postgres.url })]);
await load(pair, WARM_UP);
before = fake.requests.length;
rows.push({ setup: "two instances on one PostgreSQL, limits there", result: await load(pair), received: fake.requests.length - before });
for (const instance of pair)
  if (/unhandled ?rejection/i.test(instance.output())) allFailures.push("an instance reported an unhandled rejection");
await Promise.all(pair.map((instance) => instance.stop()));
postgres.stop();

console.log(
  `\n| load (${cpus().length} cores), ${TOTAL} generations at concurrency ${CONCURRENCY} | lost or mismatched | generations/s | latency p50 / p95 / p99 (service delay alone: 0-200 ms) | requests the service received |`,
);
console.log("|---|---|---|---|---|");
for (const { setup, result, received } of rows) {
  const { latencies } = result;
  console.log(
    `| ${setup} | ${result.failures.length} | ${round(TOTAL / result.seconds)} | ${round(median(latencies))} / ${round(percentile(latencies, 0.95))} / ${round(percentile(latencies, 0.99))} ms | ${received} |`,
  );
  if (result.failures.length > 0) console.log(result.failures.slice(0, 10).join("\n"));
  allFailures.push(...result.failures);
}

await fake.close();
process.exit(allFailures.length === 0 ? 0 : 1);
