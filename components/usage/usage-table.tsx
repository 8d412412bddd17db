import { DataTableHead, EmptyTableRow } from "@/components/ui/data-table-head";
import type { UsageLineData } from "@/lib/usage/usage-report-data";
import { formatCost } from "./usage-format";
import { formatCount } from "@/lib/utils/format-count";

/** One of the Usage page's sums (by person, by model), with a total row when it has several lines. */
export function UsageTable({
  caption,
  first,
  lines,
  exportHref,
}: {
  caption: string;
  first: string;
  lines: UsageLineData[];
  exportHref: string;
}) {
  const total = lines.reduce(
    (sum, line) => ({
      requests: sum.requests + line.requests,
      images: sum.images + line.images,
      failures: sum.failures + line.failures,
      costMicros: sum.costMicros + line.costMicros,
    }),
    { requests: 0, images: 0, failures: 0, costMicros: 0 },
  );
  const currency = lines.find((line) => line.currency)?.currency ?? null;
  return (
    <section className="rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-center justify-between gap-3 px-4 pt-3">
        <h2 className="text-sm font-semibold">{caption}</h2>
        <a href={exportHref} className="dark:text-accent-300 text-sm font-medium text-accent-700 underline" download>
          Export CSV
        </a>
      </div>
      <div className="overflow-x-auto p-4 pt-2">
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <DataTableHead
            columns={[
              { label: first },
              { label: "Requests", numeric: true },
              { label: "Images", numeric: true },
              { label: "Failures", numeric: true },
              { label: "Estimated cost", numeric: true },
            ]}
          />
          <tbody>
            {lines.length === 0 && <EmptyTableRow columns={5}>No generations in this range.</EmptyTableRow>}
            {lines.map((line) => (
              <tr key={line.key} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {line.name || "(none)"}
                </th>
                <td className="py-2 pr-4 text-right">{formatCount(line.requests)}</td>
                <td className="py-2 pr-4 text-right">{formatCount(line.images)}</td>
                <td className="py-2 pr-4 text-right">{formatCount(line.failures)}</td>
                <td className="py-2 text-right">{formatCost(line.costMicros, line.currency)}</td>
              </tr>
            ))}
          </tbody>
          {lines.length > 1 && (
            <tfoot>
              <tr className="border-t border-zinc-200 font-semibold dark:border-zinc-800">
                <th scope="row" className="py-2 pr-4 text-left">
                  Total
                </th>
                <td className="py-2 pr-4 text-right">{formatCount(total.requests)}</td>
                <td className="py-2 pr-4 text-right">{formatCount(total.images)}</td>
                <td className="py-2 pr-4 text-right">{formatCount(total.failures)}</td>
                <td className="py-2 text-right">{formatCost(total.costMicros, currency)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}
