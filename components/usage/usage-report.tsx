import { AccountPageHeader } from "@/components/access/account-page-header";
import { buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { inputClassName } from "@/components/ui/field-message";
import { AUDIT_ACTION_NAMES, type UsageReportData } from "@/lib/usage/usage-report-data";
import { AuditTable } from "./audit-table";
import { BudgetPanel } from "./budget-panel";
import { DailyUsageChart } from "./daily-usage-chart";
import { UsageTable } from "./usage-table";
import { LibraryUsagePanel } from "./library-usage-panel";

/**
 * The Usage page: who spent what in a range of days, by person and by model, per day, against each
 * person's budget, and the audit log. Rendered on the server from plain forms and links: it needs
 * no script, and every view has an address (to bookmark a month, or send it to finance).
 */
export function UsageReport({ report }: { report: UsageReportData }) {
  const { range, filters, viewer } = report;
  const query = (extra: Record<string, string | null>) => {
    const params = new URLSearchParams({ from: range.from, to: range.to });
    for (const [name, value] of Object.entries({ action: filters.action, person: filters.person, ...extra }))
      if (value) params.set(name, value);
    return params.toString();
  };
  return (
    <div className="mx-auto flex min-h-dvh max-w-6xl flex-col">
      <AccountPageHeader title="Usage" who={`${viewer.name}${viewer.isAdmin ? " · admin" : ""}`} />
      <main className="flex flex-col gap-6 p-4 lg:p-6">
        <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Range">
          <Field id="usage-from" label="From">
            {(control) => <input {...control} type="date" name="from" defaultValue={range.from} className={inputClassName} />}
          </Field>
          <Field id="usage-to" label="To (included)">
            {(control) => <input {...control} type="date" name="to" defaultValue={range.to} className={inputClassName} />}
          </Field>
          <button type="submit" className={buttonClass("primary", "md")}>
            Show
          </button>
          <p className="text-sm text-muted">{viewer.isAdmin ? "Everyone's generations" : "Your generations"}, in UTC days.</p>
        </form>
        {range.problem && (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {range.problem}
          </p>
        )}
        <div className="grid gap-6 lg:grid-cols-2">
          <UsageTable
            caption="Usage by person"
            first="Person"
            lines={report.people}
            exportHref={`/api/usage/export?${query({ table: "people" })}`}
          />
          <UsageTable
            caption="Usage by model"
            first="Model"
            lines={report.models}
            exportHref={`/api/usage/export?${query({ table: "models" })}`}
          />
        </div>
        <DailyUsageChart days={report.chart.days} points={report.chart.points} unit={report.chart.unit} currency={report.currency} />
        <BudgetPanel
          people={report.budgets.people}
          configured={report.budgets.configured}
          currency={report.currency}
          isAdmin={viewer.isAdmin}
          canEndSessions={report.signInWithProvider}
          viewerId={viewer.id}
          notice={report.budgets.notice}
        />
        {report.library && <LibraryUsagePanel library={report.library} isAdmin={viewer.isAdmin} />}
        <section
          aria-labelledby="audit-title"
          className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="audit-title" className="text-sm font-semibold">
              Audit log
            </h2>
            <a
              href={`/api/usage/export?${query({ table: "audit" })}`}
              className="dark:text-accent-300 text-sm font-medium text-accent-700 underline"
              download
            >
              Export CSV
            </a>
          </div>
          <p className="mt-1 text-xs text-muted">
            Kept {report.audit.keptDays} days.{" "}
            {report.audit.showPrompts ? "Prompts are kept (PLAYGROUND_AUDIT_PROMPTS=on)." : "Prompts are not kept."}
          </p>
          <form method="get" className="mt-3 flex flex-wrap items-end gap-3" aria-label="Audit filters">
            <input type="hidden" name="from" value={range.from} />
            <input type="hidden" name="to" value={range.to} />
            <Field id="audit-action" label="Action">
              {(control) => (
                <select {...control} name="action" defaultValue={filters.action ?? ""} className={inputClassName}>
                  <option value="">All actions</option>
                  {Object.entries(AUDIT_ACTION_NAMES).map(([value, name]) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {viewer.isAdmin && (
              <Field id="audit-person" label="Person (id)">
                {(control) => (
                  <input {...control} name="person" defaultValue={filters.person ?? ""} placeholder="everyone" className={inputClassName} />
                )}
              </Field>
            )}
            <button type="submit" className={buttonClass("secondary", "md")}>
              Filter
            </button>
          </form>
          <div className="mt-3">
            <AuditTable lines={report.audit.lines} showPrompts={report.audit.showPrompts} />
          </div>
          {report.audit.next !== null && (
            <p className="mt-3 text-sm">
              <a
                href={`/usage?${query({ before: String(report.audit.next) })}#audit-title`}
                className="dark:text-accent-300 font-medium text-accent-700 underline"
              >
                Older entries
              </a>
            </p>
          )}
        </section>
      </main>
    </div>
  );
}
