import { DataTableHead, EmptyTableRow } from "@/components/ui/data-table-head";
import type { AuditLineData as AuditLine } from "@/lib/usage/usage-report-data";
import { formatCost } from "./usage-format";

/** One page of the audit log, newest first; what happened is one readable cell, the ids beside it. */
export function AuditTable({ lines, showPrompts }: { lines: AuditLine[]; showPrompts: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Audit log</caption>
        <DataTableHead
          columns={[{ label: "Time (UTC)" }, { label: "Person" }, { label: "Action" }, { label: "What" }, { label: "Request id" }]}
        />
        <tbody>
          {lines.length === 0 && <EmptyTableRow columns={5}>Nothing recorded in this range.</EmptyTableRow>}
          {lines.map((line) => (
            <tr key={line.id} className="border-b border-zinc-100 align-top last:border-0 dark:border-zinc-800/60">
              <td className="py-2 pr-4 whitespace-nowrap tabular-nums">{line.at.slice(0, 19).replace("T", " ")}</td>
              <td className="py-2 pr-4">{line.authorName}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{line.action}</td>
              <td className="py-2 pr-4">
                {line.action === "generate" ? (
                  <>
                    <span className="font-mono text-xs">{line.model}</span> · {line.aspectRatio} · status{" "}
                    {line.status === 0 ? "no answer" : line.status} · {line.images} image{line.images === 1 ? "" : "s"}
                    {line.costMicros !== null && ` · ${formatCost(line.costMicros, line.currency)}`}
                    {showPrompts && line.prompt && <span className="mt-0.5 block text-xs text-muted">“{line.prompt}”</span>}
                  </>
                ) : (
                  line.detail
                )}
              </td>
              <td className="py-2 font-mono text-xs text-muted">{line.requestId?.slice(0, 8)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
