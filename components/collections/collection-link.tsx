"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { makeCollectionLink, stopCollectionLink } from "@/lib/browser/library/collection-client";
import type { CollectionSummary } from "@/lib/library/collection-types";
import { dateTimeText } from "@/lib/utils/time-ago";

const LIFETIMES = [
  { value: "", label: "Never expires", days: null },
  { value: "1", label: "1 day", days: 1 },
  { value: "7", label: "7 days", days: 7 },
  { value: "30", label: "30 days", days: 30 },
] as const;

/**
 * The owner's link for people outside the collection, by the share pages' rules: read-only, a
 * lifetime chosen here, one at a time (a new one replaces the old), stopped at will. The link is
 * shown once, when made: only its fingerprint is kept.
 */
export function CollectionLink({
  collection,
  onChanged,
}: {
  collection: CollectionSummary;
  onChanged: (collection: CollectionSummary) => void;
}) {
  const [lifetime, setLifetime] = useState<(typeof LIFETIMES)[number]["value"]>("7");
  const [made, setMade] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const make = async () => {
    setProblem(null);
    const days = LIFETIMES.find((choice) => choice.value === lifetime)?.days ?? null;
    const link = await makeCollectionLink(collection.id, days);
    if (!link.ok) return setProblem(link.message);
    setMade(`${window.location.origin}${link.value.path}`);
    setCopied(false);
    onChanged({ ...collection, link: { expiresAt: link.value.expiresAt } });
  };

  const stop = async () => {
    setProblem(null);
    const stopped = await stopCollectionLink(collection.id);
    if (!stopped.ok) return setProblem(stopped.message);
    setMade(null);
    onChanged({ ...collection, link: null });
  };

  return (
    <div className="flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <h3 className="font-medium">Link for people outside it</h3>
      <p className="text-xs text-muted" data-testid="collection-link-state">
        {collection.link
          ? `A link is active${collection.link.expiresAt ? ` until ${dateTimeText(collection.link.expiresAt)}` : " and never expires"}: whoever has it can look and download, not change anything.`
          : "No link: only the people who see this collection can open it."}
      </p>
      {made && (
        <div className="flex items-center gap-2">
          <input
            readOnly
            value={made}
            aria-label="Link to this collection"
            className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800"
          />
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={() => void navigator.clipboard.writeText(made).then(() => setCopied(true))}
          >
            {copied ? "Copied" : "Copy"}
          </button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-xs">
          Lifetime
          <select
            value={lifetime}
            onChange={(event) => setLifetime(event.target.value as typeof lifetime)}
            className="rounded-md border border-zinc-300 bg-white px-1.5 py-1 dark:border-zinc-700 dark:bg-zinc-900"
          >
            {LIFETIMES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void make()}>
          {collection.link ? "Make a new link" : "Make a link"}
        </button>
        {collection.link && (
          <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void stop()}>
            Stop the link
          </button>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}
