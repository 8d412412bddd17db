import Link from "next/link";

/** Dates on a shared page are the server's, shown in UTC: everyone who opens the link reads the same. */
const utcDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
export const utcText = (when: number | Date) => `${utcDateTime.format(when)} UTC`;

/** The frame of a shared page: the playground's name, what kind of share it is, and one action. */
export function SharedPageFrame({ kind, action, children }: { kind: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh max-w-[1400px] flex-col">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 lg:px-6 dark:border-zinc-800">
        <p className="text-lg font-semibold tracking-tight">
          <Link href="/" className="hover:underline">
            Image Prompt Playground
          </Link>
          <span className="font-normal text-muted"> · {kind}</span>
        </p>
        {action}
      </header>
      <main className="flex flex-col gap-6 p-4 lg:p-6">{children}</main>
    </div>
  );
}

/** Label and value pairs about a share, in a compact grid. */
export function ShareFacts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
      {facts.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">{term}</dt>
          <dd className="truncate" title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The page when the library cannot show this share (its database is down, or the share expired). */
export function ShareUnavailable({ detail }: { detail: string }) {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-800 dark:bg-amber-950/40">
        <h1 className="text-xl font-semibold">This share cannot be shown</h1>
        <p className="mt-2 text-sm">{detail}</p>
        <p className="mt-4 text-sm">
          <Link href="/" className="dark:text-accent-300 font-medium text-accent-700 underline">
            Go to the playground
          </Link>
        </p>
      </div>
    </main>
  );
}
