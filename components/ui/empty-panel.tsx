import type { ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

/**
 * A dashed box standing where a result will be, with what to do in it. `fill`: it takes the whole
 * height of its column, which beside the form on a wide screen is as tall as the form; its words
 * then sit near its top, where the eye lands, not in the middle of a box taller than the window.
 * On a phone the column is short, and they are centred.
 */
export function EmptyPanel({ title, children, fill = false }: { title?: string; children: ReactNode; fill?: boolean }) {
  return (
    <div
      className={cn(
        "flex min-h-80 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-muted dark:border-zinc-700 dark:text-zinc-400",
        fill && "h-full lg:justify-start lg:pt-32",
      )}
    >
      {title && <p className="text-base font-medium text-zinc-700 dark:text-zinc-300">{title}</p>}
      {children}
    </div>
  );
}
