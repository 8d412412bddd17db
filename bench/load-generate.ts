import { cpus } from "node:os";
import { startFakeImageService } from "../test-support/fake-service/fake-image-service";
import { startNext } from "./next-server";
import { median, percentile, round } from "./stats";

/**
 * Load: 1,000 generations at concurrency 100 through POST /api/generate (next start, its own
 * process) against a fake service that echoes each request after a random 0-200 ms. Every answer
 * must be a 200 that echoes its own request. Run: npm run bench:load
 */

const TOTAL = 1000;
const CONCURRENCY = 100;
const KEY = "sk-load-test-key-0123456789";

const fake = await startFakeImageService({ apiKey: KEY });
const next = await startNext({
  IMAGE_API_BASE_URL: fake.url,
  IMAGE_API_KEY: KEY,
  // The limits exist to protect a shared playground; this run measures the route itself.
  PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000000",
  PLAYGROUND_MAX_IN_FLIGHT: String(CONCURRENCY * 2),
});

const latencies: number[] = [];
const failures: string[] = [];
let nextIndex = 0;

async function worker(): Promise<void> {
  while (nextIndex < TOTAL) {
    const index = nextIndex++;
    const request = {
      model: "fake-echo",
      prompt: `load request ${index} ${Math.random().toString(36).slice(2)}`,
      aspect_ratio: `${(index % 21) + 1}:${(index % 9) + 1}`,
    };
    const started = performance.now();
    try {
      const response = await fetch(`${next.url}/api/generate`, {
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
const seconds = (performance.now() - started) / 1000;

console.log(`\n| load (${cpus().length} cores) | value |\n|---|---|`);
console.log(`| generations | ${TOTAL} at concurrency ${CONCURRENCY} |`);
console.log(`| errors or mismatched answers | ${failures.length} |`);
console.log(`| throughput | ${round(TOTAL / seconds)} generations/s |`);
console.log(
  `| latency p50 / p95 / p99 | ${round(median(latencies))} / ${round(percentile(latencies, 0.95))} / ${round(percentile(latencies, 0.99))} ms (service delay alone: 0-200 ms) |`,
);
console.log(`| requests the fake service received | ${fake.requests.length} |`);
if (failures.length > 0) console.log(failures.slice(0, 10).join("\n"));
if (/unhandled ?rejection/i.test(next.output())) failures.push("the server reported an unhandled rejection");

await next.stop();
await fake.close();
process.exit(failures.length === 0 ? 0 : 1);
