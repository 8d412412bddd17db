"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { AccountPageHeader } from "@/components/access/account-page-header";
import { buttonClass } from "@/components/ui/button";
import { createCollection } from "@/lib/browser/library/collection-client";
import { COLLECTION_NAME_MAX_CHARS, type CollectionRole, type CollectionSummary } from "@/lib/library/collection-types";
import { dateTimeText } from "@/lib/utils/time-ago";

const ROLE_TEXT: Record<CollectionRole, string> = { owner: "Yours", editor: "You edit", viewer: "You look" };

/**
 * The Collections page: every board the person may see, theirs first, then the ones given to them
 * and the team's; and a form to make a new one (runs are added from history).
 */
export function CollectionsIndex({ collections, who }: { collections: CollectionSummary[]; who: string }) {
  const [name, setName] = useState("");
  const router = useRouter();
  const [team, setTeam] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sorted = [...collections].sort((a, b) => Number(b.role === "owner") - Number(a.role === "owner"));

  const create = async () => {
    if (name.trim() === "") return setProblem("Name the collection.");
    setBusy(true);
    setProblem(null);
    const made = await createCollection(name.trim(), team ? "team" : "private");
    setBusy(false);
    if (!made.ok) return setProblem(made.message);
    router.push(`/c/${made.value.id}`);
  };

  return (
    <div className="mx-auto flex min-h-dvh max-w-4xl flex-col">
      <AccountPageHeader title="Collections" who={who} />
      <main className="flex flex-col gap-6 p-4 lg:p-6">
        <p className="text-sm text-muted">
          A collection is a board of runs from people&apos;s libraries. Select runs in the history panel and choose{" "}
          <strong>Add to collection…</strong>. A private collection is seen by you and the people you give a role; a team collection by
          everyone signed in.
        </p>
        <form
          className="flex flex-wrap items-end gap-3 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
            <span className="font-medium">New collection</span>
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={COLLECTION_NAME_MAX_CHARS}
              placeholder="Spring campaign"
              className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
          <label className="flex items-center gap-2 py-1.5 text-sm">
            <input type="checkbox" checked={team} onChange={(event) => setTeam(event.target.checked)} />
            Visible to the team
          </label>
          <button type="submit" disabled={busy} className={buttonClass("primary", "md")}>
            {busy ? "Making…" : "Make it"}
          </button>
          {problem && (
            <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
              {problem}
            </p>
          )}
        </form>
        {sorted.length === 0 ? (
          <p className="text-sm text-muted">No collection yet.</p>
        ) : (
          <ul aria-label="Collections" className="grid gap-3 sm:grid-cols-2">
            {sorted.map((collection) => (
              <li key={collection.id}>
                <a
                  href={`/c/${collection.id}`}
                  className="flex flex-col gap-1 rounded-2xl border border-zinc-200 bg-white p-4 hover:border-accent-500 focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-800 dark:bg-zinc-900"
                >
                  <span className="truncate font-semibold">{collection.name}</span>
                  <span className="text-xs text-muted">
                    {collection.runs} run{collection.runs === 1 ? "" : "s"} · {collection.visibility === "team" ? "Team" : "Private"} ·{" "}
                    {collection.role === "owner" ? ROLE_TEXT.owner : `${collection.ownerName}'s · ${ROLE_TEXT[collection.role]}`} · changed{" "}
                    {dateTimeText(collection.updatedAt)}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
