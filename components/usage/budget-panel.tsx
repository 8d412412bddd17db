import { Field } from "@/components/ui/field";
import { inputClassName } from "@/components/ui/field-message";
import { Button, buttonClass } from "@/components/ui/button";
import { formatCost, MICROS_PER_UNIT } from "./usage-format";
import { formatCount } from "@/lib/utils/format-count";

export type Caps = { imagesPerDay: number | null; imagesPerMonth: number | null; costMicrosPerMonth: number | null };
export type SpendNow = { images: number; costMicros: number };
export type BudgetPerson = { id: string; name: string; today: SpendNow; month: SpendNow; caps: Caps; override: Caps | null };

const NOTICES = {
  saved: { tone: "status", text: "Budget saved. It applies from the next generation." },
  invalid: {
    tone: "alert",
    text: "That budget was not saved: caps are whole numbers of images, and an amount with up to 6 decimals; leave a field empty for the configured cap.",
  },
  "not-admin": { tone: "alert", text: "Only an admin can change budgets or end sessions." },
  "sessions-ended": { tone: "status", text: "Their sessions are ended: they must sign in again on every device." },
} as const;

function meter(used: number, cap: number | null, write: (value: number) => string): string {
  return cap === null ? `${write(used)} (no cap)` : `${write(used)} of ${write(cap)}`;
}

/**
 * Each person's spending against their caps, today and this month; an admin can set a person's own
 * caps (empty: the configured one). Plain form posts: it works without JavaScript.
 */
export function BudgetPanel({
  people,
  configured,
  currency,
  isAdmin,
  canEndSessions,
  viewerId,
  notice,
}: {
  people: BudgetPerson[];
  configured: Caps;
  currency: string | null;
  isAdmin: boolean;
  /** People sign in with a provider, so an admin can end someone's sessions. */
  canEndSessions: boolean;
  viewerId: string;
  notice: keyof typeof NOTICES | null;
}) {
  const images = (count: number) => `${formatCount(count)} image${count === 1 ? "" : "s"}`;
  const money = (micros: number) => formatCost(micros, currency ?? "");
  const anyCap = configured.imagesPerDay !== null || configured.imagesPerMonth !== null || configured.costMicrosPerMonth !== null;
  const shown = notice ? NOTICES[notice] : null;
  return (
    <section
      id="budgets"
      aria-labelledby="budgets-title"
      className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="budgets-title" className="text-sm font-semibold">
        Budgets
      </h2>
      <p className="mt-1 text-sm text-muted">
        {anyCap
          ? "Counted in UTC days and months. A generation that would pass a cap is refused before the service is called."
          : "No budget is configured (PLAYGROUND_BUDGET_IMAGES_PER_DAY, …_PER_MONTH, PLAYGROUND_BUDGET_COST_PER_MONTH): generations are counted here, not capped, unless an admin sets caps for a person."}
      </p>
      {shown && (
        <p
          role={shown.tone}
          className={`mt-3 rounded-lg px-3 py-2 text-sm ${shown.tone === "alert" ? "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200" : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"}`}
        >
          {shown.text}
        </p>
      )}
      <ul className="mt-3 flex flex-col gap-3">
        {people.map((person) => (
          <li key={person.id} className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-medium">{person.name}</h3>
              {person.override && <span className="text-xs text-muted">Own caps set by an admin</span>}
            </div>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm tabular-nums sm:grid-cols-3">
              <div>
                <dt className="text-xs text-muted">Today</dt>
                <dd>{meter(person.today.images, person.caps.imagesPerDay, images)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">This month</dt>
                <dd>{meter(person.month.images, person.caps.imagesPerMonth, images)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Estimated cost this month</dt>
                <dd>{meter(person.month.costMicros, person.caps.costMicrosPerMonth, money)}</dd>
              </div>
            </dl>
            {isAdmin && <OverrideForm person={person} configured={configured} />}
            {isAdmin && canEndSessions && person.id !== viewerId && (
              <form method="post" action="/api/people/sessions/end" className="mt-2">
                <input type="hidden" name="person" value={person.id} />
                <input type="hidden" name="name" value={person.name} />
                <button type="submit" className={buttonClass("danger", "sm")}>
                  End {person.name}&rsquo;s sessions
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function OverrideForm({ person, configured }: { person: BudgetPerson; configured: Caps }) {
  const id = (name: string) => `budget-${name}-${person.id.replace(/[^\w-]/g, "_")}`;
  const placeholder = (value: number | null) => (value === null ? "no cap" : `configured: ${value}`);
  const cost = person.override?.costMicrosPerMonth;
  return (
    <form method="post" action="/api/budgets" className="mt-3 grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
      <input type="hidden" name="author" value={person.id} />
      <input type="hidden" name="name" value={person.name} />
      <Field id={id("day")} label="Images a day">
        {(control) => (
          <input
            {...control}
            name="images_per_day"
            inputMode="numeric"
            defaultValue={person.override?.imagesPerDay ?? ""}
            placeholder={placeholder(configured.imagesPerDay)}
            className={inputClassName}
          />
        )}
      </Field>
      <Field id={id("month")} label="Images a month">
        {(control) => (
          <input
            {...control}
            name="images_per_month"
            inputMode="numeric"
            defaultValue={person.override?.imagesPerMonth ?? ""}
            placeholder={placeholder(configured.imagesPerMonth)}
            className={inputClassName}
          />
        )}
      </Field>
      <Field id={id("cost")} label="Cost a month">
        {(control) => (
          <input
            {...control}
            name="cost_per_month"
            inputMode="decimal"
            defaultValue={cost === null || cost === undefined ? "" : String(cost / MICROS_PER_UNIT)}
            placeholder={
              configured.costMicrosPerMonth === null
                ? "no cap"
                : `configured: ${(configured.costMicrosPerMonth / MICROS_PER_UNIT).toFixed(2)}`
            }
            className={inputClassName}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" size="md">
        Save caps for {person.name}
      </Button>
    </form>
  );
}
