/** Shown instead of the playground when the server's settings are wrong; names variables, never values. */
export function ConfigErrorScreen({ problems }: { problems: string[] }) {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 dark:border-red-800 dark:bg-red-950/50">
        <h1 className="text-xl font-semibold text-red-900 dark:text-red-200">The playground is not configured correctly</h1>
        <p className="mt-2 text-sm text-red-900/80 dark:text-red-200/80">
          Fix these settings in the server&apos;s environment (see <code>.env.example</code>) and restart it:
        </p>
        <ul className="mt-4 list-disc space-y-1 pl-5 font-mono text-sm text-red-950 dark:text-red-100">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    </main>
  );
}
