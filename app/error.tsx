"use client";

import { useEffect } from "react";
import { buttonClass } from "@/components/ui/button";
import { oneSentence } from "@/components/ui/one-sentence";

/**
 * What a page shows when it fails as a whole (a failing panel is contained by its own boundary):
 * one sentence, a way to try again, and the way home. Never a stack trace.
 */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div role="alert" className="flex max-w-md flex-col gap-4 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
        <h1 className="text-lg font-semibold">This page failed</h1>
        <p className="text-sm">
          {oneSentence(error.message)} Your history and settings are kept in this browser.
          {error.digest ? ` Quote reference ${error.digest} when reporting it.` : ""}
        </p>
        <div className="flex gap-2">
          <button type="button" className={buttonClass("primary")} onClick={reset}>
            Try again
          </button>
          {/* A full load, not a client re-render: whatever state failed is left behind. */}
          <button type="button" className={buttonClass("secondary")} onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      </div>
    </main>
  );
}
