import type { ReactNode } from "react";

const TONES = {
  plain: "border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900",
  warning: "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40",
};

/** A page that only says why there is nothing to show, and the way back to the playground. */
export function NoticePage({ title, tone, children }: { title: string; tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <div role={tone === "warning" ? "alert" : undefined} className={`rounded-xl border p-6 ${TONES[tone]}`}>
        <h1 className="text-xl font-semibold">{title}</h1>
        {children}
        <p className="mt-4 text-sm">
          {/* A plain link: this page is the root's not-found boundary, and next/link here would join
              every page's first scripts. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
          <a href="/" className="dark:text-accent-300 font-medium text-accent-700 underline">
            Go to the playground
          </a>
        </p>
      </div>
    </main>
  );
}
