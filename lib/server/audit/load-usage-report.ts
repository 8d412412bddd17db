import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import type { Viewer } from "@/lib/server/people/author";
import { capsFor, capsFromConfig, spendOf } from "@/lib/server/budgets/budget-store";
import { allOverrides } from "@/lib/server/budgets/budget-overrides";
import { listPeople } from "@/lib/server/access/person-sessions";
import type { UsageReportData } from "@/lib/usage/usage-report-data";
import { AUDIT_ACTIONS } from "./audit-log";
import { auditPage, dailyUsage, usageByModel, usageByPerson } from "./usage-report";
import { daysOf, usageDayRange } from "./usage-range";
import { libraryUsageByAuthor } from "@/lib/server/library/library-store";

const AUDIT_PAGE_SIZE = 50;

type UsageQuery = { from?: string; to?: string; action?: string; person?: string; before?: string; budget?: string; library?: string };

/** Everything the Usage page shows, for one viewer: an admin sees everyone, a member their own lines. */
export async function loadUsageReport(
  connection: DatabaseConnection,
  config: ServerConfig,
  viewer: Viewer,
  query: UsageQuery,
): Promise<UsageReportData> {
  const isAdmin = viewer.role === "admin";
  const range = usageDayRange(query);
  const person = isAdmin ? query.person?.trim() || null : viewer.author.id;
  const usage = { from: range.start, to: range.end, author: isAdmin ? null : viewer.author.id };
  const action = query.action && (AUDIT_ACTIONS as readonly string[]).includes(query.action) ? query.action : null;
  const before = query.before && /^\d{1,15}$/.test(query.before) ? Number(query.before) : null;
  const [people, models, daily, audit, overrides] = await Promise.all([
    usageByPerson(connection, usage),
    usageByModel(connection, usage),
    dailyUsage(connection, usage),
    auditPage(connection, { from: range.start, to: range.end, author: person, action }, { before, size: AUDIT_PAGE_SIZE }),
    isAdmin ? allOverrides(connection) : Promise.resolve(new Map()),
  ]);

  const configured = capsFromConfig(config.budgets);
  const budgetIds = new Map<string, string>([[viewer.author.id, viewer.author.name]]);
  if (isAdmin) {
    if (config.access.oidc) for (const person of await listPeople(connection)) budgetIds.set(person.id, person.name);
    for (const line of people) budgetIds.set(line.key, line.name);
    for (const id of overrides.keys()) if (!budgetIds.has(id)) budgetIds.set(id, id);
  }
  const budgetPeople = await Promise.all(
    [...budgetIds].map(async ([id, name]) => ({
      id,
      name,
      ...(await spendOf(connection, id)),
      caps: await capsFor(connection.db, id, configured),
      override: overrides.get(id) ?? null,
    })),
  );
  const priced = Object.values(config.prices).find((price) => price.perImage !== null);
  const hasCost = daily.some((point) => point.costMicros > 0);
  const budget = (["saved", "invalid", "not-admin", "sessions-ended"] as const).find((notice) => notice === query.budget) ?? null;
  const libraryNotice = (["cleared", "invalid", "not-admin"] as const).find((notice) => notice === query.library) ?? null;
  const libraryUsage = config.library.enabled ? await libraryUsageByAuthor(connection, isAdmin ? null : viewer.author.id) : null;
  return {
    viewer: { name: viewer.author.name, isAdmin, id: viewer.author.id },
    signInWithProvider: config.access.oidc !== null,
    range: { from: range.from, to: range.to, problem: range.problem },
    filters: { action, person },
    people,
    models,
    chart: {
      days: daysOf(range),
      unit: hasCost ? "cost" : "images",
      points: daily.map((point) => ({ day: point.day, model: point.model, value: hasCost ? point.costMicros : point.images })),
    },
    currency: priced?.currency ?? null,
    budgets: { people: budgetPeople, configured, notice: budget },
    library: libraryUsage && {
      limitBytes: config.library.bytesPerPerson,
      people: libraryUsage.map((line) => ({
        id: line.author,
        name: budgetIds.get(line.author) ?? line.author,
        runs: line.runs,
        bytes: line.bytes,
      })),
      notice: libraryNotice,
    },
    audit: {
      lines: audit.rows.map((row) => ({ ...row, at: row.at.toISOString() })),
      next: audit.next,
      showPrompts: config.audit.prompts,
      keptDays: config.audit.days,
    },
  };
}
