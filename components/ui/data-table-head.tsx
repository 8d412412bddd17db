import type { ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

/** A column heading: numbers are right-aligned under a right-aligned heading; a hidden label is for screen readers only. */
export type HeadColumn = { label: ReactNode; numeric?: boolean; hidden?: boolean };

/** The heading row of the account pages' tables (usage, audit log, tokens), one look for all of them. */
export function DataTableHead({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <thead>
      <tr className="border-b border-zinc-200 text-left text-xs text-muted dark:border-zinc-800">
        {columns.map((column, index) => (
          <th
            key={index}
            scope="col"
            className={cn("py-2 font-medium", index < columns.length - 1 && "pr-4", column.numeric && "text-right")}
          >
            {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The one row of a table with nothing in it, saying so across every column. */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="py-4 text-center text-muted">
        {children}
      </td>
    </tr>
  );
}
