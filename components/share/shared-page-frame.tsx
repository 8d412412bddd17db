import { ServiceEndpointsProvider } from "@/components/ui/service-endpoints-context";
import Link from "next/link";
import { NoticePage } from "@/components/ui/notice-page";

/** Dates on a shared page are the server's, shown in UTC: everyone who opens the link reads the same. */
const utcDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
export const utcText = (when: number | Date) => `${utcDateTime.format(when)} UTC`;

/** The frame of a shared page: the playground's name, what kind of share it is, and one action. */
export function SharedPageFrame({
  kind,
  action,
  endpoints,
  children,
}: {
  kind: string;
  action?: React.ReactNode;
  /** This server's service endpoints: copied commands name only these, never a URL the share recorded. */
  endpoints: readonly string[];
  children: React.ReactNode;
}) {
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
      <main className="flex flex-col gap-6 p-4 lg:p-6">
        <ServiceEndpointsProvider endpoints={endpoints}>{children}</ServiceEndpointsProvider>
      </main>
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
    <NoticePage title="This share cannot be shown" tone="warning">
      <p className="mt-2 text-sm">{detail}</p>
    </NoticePage>
  );
}
