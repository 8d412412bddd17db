/** A collapsible block of the result (open by default), with a quiet note on the right. */
export function Section({ title, aside, children }: { title: string; aside?: string; children: React.ReactNode }) {
  return (
    <details open className="group rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 select-none">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <span aria-hidden="true" className="text-zinc-400 transition group-open:rotate-90">
            ▸
          </span>
          {title}
        </h2>
        {aside && <span className="truncate font-mono text-xs text-muted">{aside}</span>}
      </summary>
      <div className="border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">{children}</div>
    </details>
  );
}
