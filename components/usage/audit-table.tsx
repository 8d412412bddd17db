import { formatCost } from "./usage-format";

export type AuditLine = {
  id: number;
  at: string;
  action: string;
  authorName: string;
  model: string | null;
  aspectRatio: string | null;
  status: number | null;
  images: number | null;
  costMicros: number | null;
  currency: string | null;
  requestId: string | null;
  prompt: string | null;
  detail: string | null;
};

/** One page of the audit log, newest first; what happened is one readable cell, the ids beside it. */
export function AuditTable({ lines, showPrompts }: { lines: AuditLine[]; showPrompts: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Audit log</caption>
        <thead>
          <tr className="border-b border-zinc-200 text-left text-xs text-muted dark:border-zinc-800">
            <th scope="col" className="py-2 pr-4 font-medium">
              Time (UTC)
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Person
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Action
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              What
            </th>
            <th scope="col" className="py-2 font-medium">
              Request id
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 && (
            <tr>
              <td colSpan={5} className="py-4 text-center text-muted">
                Nothing recorded in this range.
              </td>
            </tr>
          )}
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
