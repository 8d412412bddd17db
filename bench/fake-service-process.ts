import { BENCH_PAYLOADS } from "../test-support/fake-service/bench-payloads";
import { ENCODED_BENCH_PAYLOADS } from "../test-support/fake-service/bench-encoded-payloads";
import { startFakeImageService } from "../test-support/fake-service/fake-image-service";

/**
 * The fake image service in a process of its own, so that the server under test, the fake and the
 * load generator never share a CPU-bound event loop. Prints "ready <url>" once its payloads exist.
 */
const apiKey = process.env.FAKE_SERVICE_KEY ?? "";
for (const make of [...Object.values(BENCH_PAYLOADS), ...Object.values(ENCODED_BENCH_PAYLOADS)]) make();
const fake = await startFakeImageService({ apiKey, port: 0 });
console.log(`ready ${fake.url}`);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
