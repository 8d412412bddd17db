import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { AuditEntry } from "@/lib/server/audit/audit-log";
import { writeSpending } from "./spending-writer";
import { openedDatabase, readyDatabase, sharedDatabase } from "@/lib/server/database/shared-database";
import type { Author } from "@/lib/server/people/author";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { capsFromConfig, hasAnyCap, MICROS, reserveBudget, settleBudget, type BudgetRefusal, type Reservation } from "./budget-store";
import { hasOwnCaps } from "./own-caps";

/**
 * One generation's spending: the budget reserved before the service is called, and, once its
 * answer is known, the reservation settled and the audit log told. Settling and auditing run after
 * the answer has left, and a failure there is logged, never answered: the person has their picture.
 */

/**
 * What the service's answer came to: its status (0: it never answered) and the images it made:
 * counted (a function, run after the answer has left), or "as-asked" when they cannot be counted
 * (a streamed answer, a job still running): then it is taken to have made what was asked for.
 */
export type GenerationOutcome = { status: number; images: number | "as-asked" | (() => number) };

export type GenerationAccount = {
  /** Called once when the answer is known; later calls do nothing. */
  close: (outcome: GenerationOutcome) => void;
};

export type OpenAccountResult =
  | { ok: true; account: GenerationAccount }
  | { ok: false; reason: "budget-used"; refusal: BudgetRefusal }
  | { ok: false; reason: "budget-unavailable" };

/** How many images a request asks for: a whole `n` in its extra fields (as OpenAI-style services read it), else one. */
export function imagesAsked(generation: Pick<GenerationRequest, "extra">): number {
  const n = generation.extra?.n;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
}

function pricePerImageMicros(config: ServerConfig, model: string): { micros: number; currency: string } | null {
  const price = config.prices[model];
  if (!price || price.perImage === null) return null;
  return { micros: Math.round(price.perImage * MICROS), currency: price.currency };
}

export async function openGenerationAccount(
  config: ServerConfig,
  author: Author,
  generation: GenerationRequest,
  requestId: string,
): Promise<OpenAccountResult> {
  const asked = imagesAsked(generation);
  const price = pricePerImageMicros(config, generation.model);
  const spendOf = (images: number) => ({ images, costMicros: (price?.micros ?? 0) * images });
  let reservation: Reservation | null = null;
  // Counted after the answer, in the periods of when it was asked.
  let countAfter: { connection: DatabaseConnection; at: Date } | null = null;
  if (hasAnyCap(config.budgets)) {
    // A budget that cannot be checked is not spent: the key costs money, and the cap is the point.
    const reserved = await sharedDatabase(config.shares)
      .then((connection) => reserveBudget(connection, author.id, spendOf(asked), capsFromConfig(config.budgets)))
      .catch(() => null);
    if (!reserved) return { ok: false, reason: "budget-unavailable" };
    if (!reserved.ok) return { ok: false, reason: "budget-used", refusal: reserved.refusal };
    reservation = reserved.reservation;
  } else {
    // No cap configured: still counted (the Usage page's today and this month) whenever the
    // database is open, and an admin's caps for one person still hold. Never waited for, and a
    // failure lets the generation go ahead uncounted: nothing configured asked for a cap. Only an
    // author with caps of their own reserves before the service is called; the others are counted
    // after the answer, with no round trip on the way.
    const connection = await readyDatabase(config.shares)?.catch(() => null);
    if (connection) {
      const ownCaps = await hasOwnCaps(connection, author.id).catch(() => false);
      if (ownCaps) {
        const reserved = await reserveBudget(connection, author.id, spendOf(asked), capsFromConfig(config.budgets)).catch(() => null);
        if (reserved && !reserved.ok) return { ok: false, reason: "budget-used", refusal: reserved.refusal };
        if (reserved?.ok) reservation = reserved.reservation;
      } else {
        countAfter = { connection, at: new Date() };
      }
    }
  }

  let open = true;
  const close = (outcome: GenerationOutcome) => {
    if (!open) return;
    open = false;
    const succeeded = outcome.status >= 200 && outcome.status < 300;
    // After the answer has gone: nothing here may hold up the person waiting for their picture.
    setImmediate(() => {
      const images = !succeeded
        ? 0
        : outcome.images === "as-asked"
          ? asked
          : typeof outcome.images === "function"
            ? outcome.images()
            : outcome.images;
      const spent = spendOf(images);
      void record(config, reservation ?? countAfter, spent, {
        action: "generate",
        author,
        model: generation.model,
        aspectRatio: generation.aspect_ratio,
        status: outcome.status,
        images,
        ...(price ? { costMicros: spent.costMicros, currency: price.currency } : {}),
        requestId,
        ...(config.audit.prompts ? { prompt: generation.prompt } : {}),
      });
    });
  };
  return { ok: true, account: { close } };
}

async function record(
  config: ServerConfig,
  counting: Reservation | { connection: DatabaseConnection; at: Date } | null,
  spent: { images: number; costMicros: number },
  entry: AuditEntry,
): Promise<void> {
  try {
    // Counted, so the database is open; otherwise only if the server opened it.
    const opening = counting ? sharedDatabase(config.shares) : openedDatabase(config.shares);
    if (!opening) return;
    const connection = await opening;
    if (counting && "day" in counting) await settleBudget(connection, counting, spent);
    const spend = counting && !("day" in counting) ? { author: entry.author.id, spend: spent, at: counting.at } : null;
    await writeSpending(connection, { spend, audit: entry });
  } catch (error) {
    process.stderr.write(
      `${JSON.stringify({ level: "error", requestId: entry.requestId, error: `Recording the generation's spending failed: ${error instanceof Error ? error.message : String(error)}` })}\n`,
    );
  }
}
