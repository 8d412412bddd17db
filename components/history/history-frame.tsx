import type { ReactNode } from "react";

/** The history panel's box and heading, shared by the panel and by what stands in while its code loads. */
export function HistoryFrame({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="history-heading"
      className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm xl:max-h-[calc(100dvh-2rem)] dark:border-zinc-800 dark:bg-zinc-900"
    >
      {children}
    </section>
  );
}

export function HistoryHeading() {
  return (
    <h2 id="history-heading" className="text-base font-semibold">
      History
    </h2>
  );
}
