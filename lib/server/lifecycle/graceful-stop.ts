import "server-only";
import { generationsInFlight } from "@/lib/server/limits/in-flight-limit";
import { closeSharedDatabase } from "@/lib/server/database/shared-database";
import { markStopping } from "./stopping";
import { stopBatchRunner } from "@/lib/server/batches/batch-service";
import { flushSpendingWrites } from "@/lib/server/budgets/spending-writer";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * On SIGTERM (a deploy, a scale-down) or Ctrl+C: take no new work (every new request is answered
 * 503 "restarting", and /api/health says so, so a load balancer moves on), let the generations
 * under way finish and be answered for up to `graceMs`, close the database, and exit 0.
 * A second signal exits at once (one a moment after the first is the same Ctrl+C, which reaches
 * both `npm run playground` and this server).
 *
 * `next start` installs handlers of its own that exit immediately; they are replaced here (unless
 * NEXT_MANUAL_SIG_HANDLE already kept them out), since an immediate exit would cut off a
 * generation the key has already paid for.
 */
export function stopGracefullyOnSignals(graceMs: number): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal, graceMs));
  }
}

let stoppingSince: number | null = null;

async function stop(signal: string, graceMs: number): Promise<void> {
  if (stoppingSince !== null) {
    if (Date.now() - stoppingSince < 1_000) return;
    console.log(`Image Prompt Playground: ${signal} again: stopping now.`);
    process.exit(1);
  }
  stoppingSince = Date.now();
  markStopping();
  const running = generationsInFlight();
  console.log(
    `Image Prompt Playground: ${signal} received: taking no new work` +
      (running > 0 ? `, letting ${running} running generation${running === 1 ? "" : "s"} finish (up to ${graceMs / 1000} s).` : "."),
  );
  const deadline = Date.now() + graceMs;
  while (generationsInFlight() > 0 && Date.now() < deadline) await sleep(50);
  const left = generationsInFlight();
  if (left > 0)
    console.log(
      `Image Prompt Playground: ${left} generation${left === 1 ? "" : "s"} still running after the grace period; stopping anyway.`,
    );
  // The last answers are flushed to their sockets before the process goes.
  await sleep(100);
  // Rows of batches still being sent after the grace period go back in line when the server is back.
  await Promise.race([stopBatchRunner().catch(() => undefined), sleep(1_000)]);
  // What the last generations spent, recorded once their answers had left (after a turn of the loop).
  await new Promise((resolve) => setImmediate(resolve));
  await flushSpendingWrites().catch(() => undefined);
  await closeSharedDatabase().catch(() => undefined);
  console.log("Image Prompt Playground: stopped.");
  process.exit(0);
}
