"use client";

import "./globals.css";

/**
 * The last resort, when the root layout itself fails: it replaces the whole document, so it has
 * its own html and body. One sentence and a reload; never a stack trace.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-dvh">
        <main className="flex min-h-dvh items-center justify-center p-6">
          <div role="alert" className="flex max-w-md flex-col gap-4 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
            <h1 className="text-lg font-semibold">The playground failed to load</h1>
            <p className="text-sm">
              Something went wrong before the page could be shown. Your history and settings are kept in this browser.
              {error.digest ? ` Quote reference ${error.digest} when reporting it.` : ""}
            </p>
            <div>
              <button
                type="button"
                onClick={reset}
                className="rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-accent-700"
              >
                Try again
              </button>
            </div>
          </div>
        </main>
      </body>
    </html>
  );
}
