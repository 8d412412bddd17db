import Link from "next/link";

/** Any link that leads nowhere, a stopped share included: plain words and the way back. */
export default function NotFound() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <div className="rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-xl font-semibold">Nothing is here</h1>
        <p className="mt-2 text-sm text-muted">
          If someone shared this link with you, they may have stopped sharing it. Ask them for a new one.
        </p>
        <p className="mt-4 text-sm">
          <Link href="/" className="dark:text-accent-300 font-medium text-accent-700 underline">
            Go to the playground
          </Link>
        </p>
      </div>
    </main>
  );
}
