import "server-only";
import type { ConfigResult } from "@/lib/server/config/config";
import { problemResponse } from "@/lib/server/http/problem-response";
import { readRequestBody } from "@/lib/server/http/read-request-body";
import { refuseCaller, signInRequired } from "@/lib/server/http/request-guards";
import { withRouteContext } from "@/lib/server/http/route-context";
import { withShareDatabase } from "@/lib/server/shares/with-share-database";
import { currentViewer } from "@/lib/server/people/current-viewer";
import { setOverride } from "@/lib/server/budgets/budget-overrides";
import { MICROS } from "@/lib/server/budgets/budget-store";
import { budgetShownTo } from "@/lib/server/budgets/budget-left";
import { auditCsv, usageLinesCsv } from "./usage-csv";
import { auditPage, usageByModel, usageByPerson, type AuditRow } from "./usage-report";
import { usageDayRange } from "./usage-range";
import { AUDIT_ACTIONS, auditLater } from "./audit-log";
import { endAllSessions } from "@/lib/server/access/person-sessions";
import { USAGE_EXPORT_LIMIT } from "@/lib/server/limits/account-limits";
import { limitStoreFor, takeFailingOpen } from "@/lib/server/limits/client-limits";

/**
 * GET /api/usage/export: the Usage page's tables and the audit log as CSV for the same range and
 * filters. POST /api/budgets: an admin's caps for one person (a plain form post, answered 303).
 * Members get only their own lines, whatever they ask for.
 */

const EXPORT_ROWS_MAX = 100_000;

export function handleUsageExport(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/usage/export", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const viewer = await currentViewer(request.headers, config.access);
    if (!viewer) return finish(signInRequired(requestId));
    const params = new URL(request.url).searchParams;
    const range = usageDayRange({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
    const asked = params.get("person");
    const author = viewer.role === "admin" ? asked || null : viewer.author.id;
    const table = params.get("table");
    if (table !== "people" && table !== "models" && table !== "audit") {
      return finish(problemResponse("invalid-request", { requestId, detail: "table must be people, models or audit." }));
    }
    const rate = await takeFailingOpen(USAGE_EXPORT_LIMIT, limitStoreFor(config.shares), viewer.author.id);
    if (!rate.ok) {
      const detail = `One person can export ${USAGE_EXPORT_LIMIT.points} times in ten minutes.`;
      return finish(problemResponse("too-many-requests", { requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }));
    }
    return withShareDatabase(config, context, async (connection) => {
      const usage = { from: range.start, to: range.end, author };
      let body: string;
      if (table === "people") body = usageLinesCsv("person", await usageByPerson(connection, usage));
      else if (table === "models") body = usageLinesCsv("model", await usageByModel(connection, usage));
      else {
        const action = params.get("action");
        const filter = { ...usage, action: action && (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : null };
        const rows: AuditRow[] = [];
        let before: number | null = null;
        do {
          const page = await auditPage(connection, filter, { before, size: 5_000 });
          rows.push(...page.rows);
          before = page.next;
        } while (before !== null && rows.length < EXPORT_ROWS_MAX);
        body = auditCsv(rows);
      }
      return finish(
        new Response(body, {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="${table}-${range.from}-to-${range.to}.csv"`,
            "cache-control": "no-store",
          },
        }),
      );
    });
  });
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}

/** A cap from the form: empty means "the configured one"; anything else a whole (or, for money, decimal) number ≥ 0. */
function capField(form: URLSearchParams, name: string, decimals: boolean): number | null | "invalid" {
  const text = (form.get(name) ?? "").trim();
  if (text === "") return null;
  if (!(decimals ? /^\d{1,9}(\.\d{1,6})?$/ : /^\d{1,9}$/).test(text)) return "invalid";
  return decimals ? Math.round(Number(text) * MICROS) : Number(text);
}

export function handleBudgetChange(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/budgets", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const refusal = await refuseCaller(request, config, requestId);
    if (refusal) return finish(refusal);
    const viewer = await currentViewer(request.headers, config.access);
    if (!viewer) return finish(signInRequired(requestId));
    if (viewer.role !== "admin") return finish(redirect("/usage?budget=not-admin"));
    const body = await readRequestBody(request, 4096);
    if (!body.ok) return finish(redirect("/usage?budget=invalid"));
    const form = new URLSearchParams(body.text);
    const author = (form.get("author") ?? "").trim();
    const name = (form.get("name") ?? "").trim() || author;
    const imagesPerDay = capField(form, "images_per_day", false);
    const imagesPerMonth = capField(form, "images_per_month", false);
    const costMicrosPerMonth = capField(form, "cost_per_month", true);
    const back = (state: string) => `/usage?budget=${state}&person=${encodeURIComponent(author)}#budgets`;
    if (
      author === "" ||
      author.length > 200 ||
      imagesPerDay === "invalid" ||
      imagesPerMonth === "invalid" ||
      costMicrosPerMonth === "invalid"
    ) {
      return finish(redirect(back("invalid")));
    }
    return withShareDatabase(config, context, async (connection) => {
      await setOverride(
        connection,
        { id: author, name: name.slice(0, 200) },
        { imagesPerDay, imagesPerMonth, costMicrosPerMonth },
        viewer.author,
      );
      return finish(redirect(back("saved")));
    });
  });
}

/** POST /api/people/sessions/end: an admin ends every session of one person (they must sign in again). */
export function handleEndSessions(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/people/sessions/end", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const refusal = await refuseCaller(request, config, requestId);
    if (refusal) return finish(refusal);
    const viewer = await currentViewer(request.headers, config.access);
    if (!viewer) return finish(signInRequired(requestId));
    if (viewer.role !== "admin" || !config.access.oidc) return finish(redirect("/usage?budget=not-admin"));
    const body = await readRequestBody(request, 1024);
    const form = new URLSearchParams(body.ok ? body.text : "");
    const person = (form.get("person") ?? "").trim();
    const name = (form.get("name") ?? "").trim().slice(0, 200) || person;
    if (person === "" || person.length > 255) return finish(redirect("/usage?budget=invalid#budgets"));
    return withShareDatabase(config, context, async (connection) => {
      const ended = await endAllSessions(connection, person);
      auditLater(config, {
        action: "sign-out",
        author: viewer.author,
        requestId,
        detail: `${name}'s ${ended} session${ended === 1 ? "" : "s"} ended by an admin`,
      });
      return finish(redirect(`/usage?budget=sessions-ended&person=${encodeURIComponent(person)}#budgets`));
    });
  });
}

/** GET /api/budget: what is left of the caller's budget (null when no cap applies to them), for the meter near Generate. */
export function handleBudgetLeft(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/budget", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const viewer = await currentViewer(request.headers, config.access);
    if (!viewer) return finish(signInRequired(requestId));
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json", "cache-control": "no-store" } });
    return finish(json({ budget: await budgetShownTo(config, viewer.author.id) }));
  });
}
