import "server-only";
import { z } from "zod";
import { makeGenerationRequestSchema, type GenerationRequestSchema } from "@/lib/request/generation-request";
import { GRID_CELL_HEADER, parseGridCellHeader } from "@/lib/grid/grid-header";
import { clientOf } from "@/lib/server/http/client-address";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { callImageService } from "@/lib/server/upstream/image-service-client";
import { keepBaseForm, recallBaseForm } from "@/lib/server/upstream/shared-base-form";
import { acquireGenerationSlot } from "@/lib/server/limits/in-flight-limit";
import { problemResponse } from "@/lib/server/http/problem-response";
import { limitStoreFor, takeFailingOpen } from "@/lib/server/limits/client-limits";
import { relayServiceResult } from "@/lib/server/upstream/relay-answer";
import { readGuardedJson } from "@/lib/server/http/request-guards";
import { withRouteContext, type LogExtra, type RouteContext } from "@/lib/server/http/route-context";
import { resolveServiceTarget } from "@/lib/server/upstream/service-target";
import { openGenerationAccount, type GenerationAccount, type OpenAccountResult } from "@/lib/server/budgets/generation-account";
import { describeRefusal } from "@/lib/server/budgets/describe-refusal";
import { callerOf } from "@/lib/server/people/current-viewer";
import { signInRequired } from "@/lib/server/http/request-guards";

/**
 * POST /api/generate, in order: who may call and what was sent (the guards), the three fields,
 * how often (rate, in flight), the author's budget, then the call, relayed back as the service
 * answered it (and settled against the budget once its images are known).
 */

export function handleGenerate(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/generate", configResult, (config, context) => generate(request, config, context));
}

const NO_SLOT: () => void = () => undefined;

/** Scripts may call the generation API with a personal API token instead of a session. */
const API_CALLERS = { tokens: true };

const schemas = new Map<string, GenerationRequestSchema>();

/** Building a schema costs more than using it: one per prompt limit and extra-fields rule, kept for the process. */
function requestSchemaFor(config: ServerConfig): GenerationRequestSchema {
  const key = JSON.stringify([config.promptMaxChars, config.extraFields]);
  let schema = schemas.get(key);
  if (!schema) {
    schema = makeGenerationRequestSchema({ promptMaxChars: config.promptMaxChars, extraFields: config.extraFields });
    schemas.set(key, schema);
  }
  return schema;
}

async function generate(request: Request, config: ServerConfig, context: RouteContext): Promise<Response> {
  const { requestId, finish } = context;
  // Cheapest first: nothing of the body is read, let alone validated, before the caller's turn is
  // taken (rate and in-flight), so hostile bodies cost their sender a turn and this server nothing.
  let release = NO_SLOT;
  const guarded = await readGuardedJson(
    request,
    config,
    context,
    async () => {
      const gridRefusal = checkGridCell(request.headers, config.grid.maxCells);
      if (gridRefusal) return finish(problemResponse(gridRefusal.kind, { requestId, detail: gridRefusal.detail }));
      const rate = await takeFailingOpen(
        { name: "generate", points: config.limits.ratePerMinute, durationSeconds: 60 },
        limitStoreFor(config.shares),
        clientOf(request, config),
      );
      if (!rate.ok) {
        const detail = `This playground allows ${config.limits.ratePerMinute} generations a minute from each client.`;
        return finish(problemResponse("rate-limited", { requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }));
      }
      const slot = acquireGenerationSlot(config.limits.maxInFlight);
      if (slot) {
        release = slot;
        return null;
      }
      const detail = `${config.limits.maxInFlight} generations are already running, the most this playground runs at once.`;
      return finish(problemResponse("busy", { requestId, detail, retryAfterSeconds: 2 }));
    },
    API_CALLERS,
  );
  // A body that broke off or was too large still gives back the turn it took.
  const slot = release;
  let account: GenerationAccount | null = null;
  if (!guarded.ok) {
    slot();
    return guarded.response;
  }
  try {
    const parsed = requestSchemaFor(config).safeParse(guarded.payload);
    if (!parsed.success) {
      slot();
      return finish(invalidRequest(parsed.error, requestId), { bytesIn: guarded.size });
    }
    const generation = parsed.data;
    const logged: LogExtra = { bytesIn: guarded.size, promptLength: generation.prompt.length };
    // The guards looked the caller up already (once per request): null only if that changes.
    const viewer = await callerOf(request, config.access, API_CALLERS);
    if (!viewer) {
      slot();
      return finish(signInRequired(requestId), logged);
    }
    const opened = await openGenerationAccount(config, viewer.author, generation, requestId);
    if (!opened.ok) {
      slot();
      return finish(budgetProblem(opened, requestId), logged);
    }
    account = opened.account;
    const target = await resolveServiceTarget(config, generation.model).catch(() => null);
    if (!target) {
      slot();
      account.close({ status: 0, images: 0 });
      return finish(problemResponse("service-unreachable", { requestId, detail: "The embedded demo service could not start." }), logged);
    }
    await recallBaseForm(config.shares, target);
    const result = await callImageService(target, generation, { limits: config.limits, signal: request.signal });
    void keepBaseForm(config.shares, target);
    return await relayServiceResult(result, target.apiKey, config, {
      ...context,
      signal: request.signal,
      logged,
      release: slot,
      account: account.close,
    });
  } catch (error) {
    slot();
    // Our own failure: whatever was reserved is given back (closing twice does nothing).
    account?.close({ status: 0, images: 0 });
    throw error;
  }
}

function budgetProblem(refused: Exclude<OpenAccountResult, { ok: true }>, requestId: string): Response {
  if (refused.reason === "budget-unavailable") {
    const detail =
      "The playground's database, which keeps each person's budget, cannot be reached; no generation is sent until it can. Try again in a moment.";
    return problemResponse("budget-unavailable", { requestId, detail, retryAfterSeconds: 5 });
  }
  const { refusal } = refused;
  return problemResponse("budget-used", {
    requestId,
    detail: describeRefusal(refusal),
    retryAfterSeconds: Math.max(1, Math.ceil((refusal.renewsAt.getTime() - Date.now()) / 1000)),
  });
}

function invalidRequest(error: z.core.$ZodError, requestId: string): Response {
  const { fieldErrors, formErrors } = z.flattenError(error);
  const errors: Record<string, string[]> = { ...fieldErrors };
  if (formErrors.length > 0) errors._ = formErrors;
  const detail = Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(" ")}`)
    .join(" ");
  return problemResponse("invalid-request", { requestId, detail, errors });
}

/** A grid's cell must say a valid position in a grid no larger than the maximum; single runs say nothing. */
function checkGridCell(headers: Headers, maxCells: number): { kind: "invalid-request" | "grid-too-large"; detail: string } | null {
  const value = headers.get(GRID_CELL_HEADER);
  if (value === null) return null;
  const cell = parseGridCellHeader(value);
  if (!cell) return { kind: "invalid-request", detail: `${GRID_CELL_HEADER} must be "index/total" with index below total.` };
  if (cell.total > maxCells)
    return { kind: "grid-too-large", detail: `A grid can have at most ${maxCells} cells; this one has ${cell.total}.` };
  return null;
}
