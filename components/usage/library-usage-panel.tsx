import { formatCount } from "@/lib/utils/format-count";
import { buttonClass } from "@/components/ui/button";
import type { UsageReportData } from "@/lib/usage/usage-report-data";
import { formatBytes } from "@/lib/utils/format-bytes";

const NOTICES = {
  cleared: "The library was cleared: every run of theirs is deleted, on every device.",
  invalid: "That request could not be read; nothing was changed.",
  "not-admin": "Only an admin can clear someone's library.",
} as const;

/**
 * How much each person keeps in their library on the server, against PLAYGROUND_LIBRARY_MAX_MB_PER_PERSON;
 * an admin can clear one person's library (a plain form: the box must be ticked first).
 */
export function LibraryUsagePanel({ library, isAdmin }: { library: NonNullable<UsageReportData["library"]>; isAdmin: boolean }) {
  return (
    <section
      id="library"
      aria-labelledby="library-title"
      className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="library-title" className="text-sm font-semibold">
        Library storage
      </h2>
      <p className="mt-1 text-xs text-muted">
        Runs kept on the server, {formatBytes(library.limitBytes)} at most per person. Images stored once are counted for each run that
        names them.
      </p>
      {library.notice && (
        <p role="status" className="mt-3 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950/40 dark:text-sky-100">
          {NOTICES[library.notice]}
        </p>
      )}
      {library.people.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No run is kept in the library yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm" data-testid="library-usage">
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Person
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Runs
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Size
              </th>
              {isAdmin && (
                <th scope="col" className="py-1 text-right font-medium">
                  <span className="sr-only">Clear</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {library.people.map((person) => (
              <tr key={person.id} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className="py-1.5">{person.name}</td>
                <td className="py-1.5 text-right tabular-nums">{formatCount(person.runs)}</td>
                <td className="py-1.5 text-right tabular-nums">
                  {formatBytes(person.bytes)} of {formatBytes(library.limitBytes)}
                </td>
                {isAdmin && (
                  <td className="py-1.5 text-right">
                    <form method="post" action="/api/library/clear" className="inline-flex items-center gap-2">
                      <input type="hidden" name="person" value={person.id} />
                      <label className="text-xs text-muted">
                        <input type="checkbox" name="confirm" value="yes" required className="mr-1 align-middle" />
                        every run, every device
                      </label>
                      <button type="submit" className={buttonClass("danger", "sm")} aria-label={`Clear the library of ${person.name}`}>
                        Clear library
                      </button>
                    </form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
