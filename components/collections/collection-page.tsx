"use client";

import Link from "next/link";
import { useState } from "react";
import { AccountPageHeader } from "@/components/access/account-page-header";
import type { CollectionMember, CollectionSummary } from "@/lib/library/collection-types";
import { CollectionResults } from "./collection-results";
import { CollectionSettings } from "./collection-settings";

/**
 * A collection's page: what it is and who may see it, its runs (see CollectionResults), and
 * sharing and roles for its owner.
 */
export function CollectionPage({
  initial,
  initialMembers,
  viewer,
  people,
  link,
}: {
  initial: CollectionSummary;
  initialMembers: CollectionMember[];
  viewer: { id: string; name: string };
  people: boolean;
  /** Opened through a link for people outside it (read only). */
  link: string | null;
}) {
  const [collection, setCollection] = useState(initial);
  const [members, setMembers] = useState(initialMembers);
  const canEdit = collection.role !== "viewer";
  const roleText =
    collection.role === "owner"
      ? "yours"
      : link
        ? `${collection.ownerName}'s · opened by a link: you can look and download`
        : `${collection.ownerName}'s · you are ${collection.role === "editor" ? "an editor" : "a viewer"}`;
  return (
    <div className="mx-auto flex min-h-dvh max-w-[1600px] flex-col">
      <AccountPageHeader title={collection.name} who={viewer.name} />
      <main className="flex flex-col gap-4 p-4 lg:p-6">
        <p className="text-sm text-muted" data-testid="collection-facts">
          {collection.runs} run{collection.runs === 1 ? "" : "s"} · {collection.visibility === "team" ? "Visible to the team" : "Private"} ·{" "}
          {roleText} ·{" "}
          <Link href="/c" className="underline">
            All collections
          </Link>
        </p>
        {collection.role === "owner" && (
          <CollectionSettings collection={collection} members={members} people={people} onChanged={setCollection} onMembers={setMembers} />
        )}
        <CollectionResults
          collection={collection}
          viewerId={viewer.id}
          link={link}
          emptyText={`No runs on this collection yet.${canEdit ? " Select runs in the history panel and choose Add to collection…" : ""}`}
          onTakenOff={(count) => setCollection((current) => ({ ...current, runs: Math.max(0, current.runs - count) }))}
        />
      </main>
    </div>
  );
}
