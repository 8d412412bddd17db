"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CollectionLink } from "./collection-link";
import { changeCollection, deleteCollection, setCollectionMember } from "@/lib/browser/library/collection-client";
import type { CollectionMember, CollectionSummary } from "@/lib/library/collection-types";

/**
 * What only a collection's owner changes: who sees it (private or the team), the people given a
 * role (editors add and remove runs, viewers look), its link for people outside it, and deleting it
 * (its runs stay where they are).
 */
export function CollectionSettings({
  collection,
  members,
  people,
  onChanged,
  onMembers,
}: {
  collection: CollectionSummary;
  members: CollectionMember[];
  /** People sign in with the company's provider: roles can be given by email. */
  people: boolean;
  onChanged: (collection: CollectionSummary) => void;
  onMembers: (members: CollectionMember[]) => void;
}) {
  const [person, setPerson] = useState("");
  const router = useRouter();
  const [role, setRole] = useState<"editor" | "viewer">("editor");
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const setVisibility = async (team: boolean) => {
    setProblem(null);
    const visibility = team ? "team" : "private";
    const changed = await changeCollection(collection.id, { visibility });
    if (!changed.ok) return setProblem(changed.message);
    onChanged({ ...collection, visibility });
  };

  const giveRole = async (who: string, given: "editor" | "viewer" | null) => {
    setProblem(null);
    const changed = await setCollectionMember(collection.id, who, given);
    if (!changed.ok) return setProblem(changed.message);
    onMembers(changed.value);
    setPerson("");
  };

  return (
    <section
      aria-labelledby="collection-settings-title"
      className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="collection-settings-title" className="font-semibold">
        Sharing
      </h2>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={collection.visibility === "team"} onChange={(event) => void setVisibility(event.target.checked)} />
        Visible to the team: everyone signed in can look at it (as a viewer)
      </label>
      {people && (
        <>
          {members.length > 0 && (
            <ul aria-label="People with a role" className="flex flex-col gap-1">
              {members.map((member) => (
                <li key={member.person} className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate">{member.name}</span>
                  <select
                    aria-label={`Role of ${member.name}`}
                    value={member.role}
                    onChange={(event) => void giveRole(member.person, event.target.value as "editor" | "viewer")}
                    className="rounded-md border border-zinc-300 bg-white px-1.5 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
                  >
                    <option value="editor">Editor</option>
                    <option value="viewer">Viewer</option>
                  </select>
                  <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void giveRole(member.person, null)}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (person.trim() !== "") void giveRole(person.trim(), role);
            }}
          >
            <label className="flex min-w-48 flex-1 flex-col gap-1">
              <span className="text-xs font-medium">Give a role to (email)</span>
              <input
                type="email"
                value={person}
                onChange={(event) => setPerson(event.target.value)}
                placeholder="name@company.com"
                className="rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs font-medium">Role</span>
              <select
                value={role}
                onChange={(event) => setRole(event.target.value as "editor" | "viewer")}
                className="rounded-md border border-zinc-300 bg-white px-1.5 py-1 dark:border-zinc-700 dark:bg-zinc-900"
              >
                <option value="editor">Editor: adds and removes runs</option>
                <option value="viewer">Viewer: looks</option>
              </select>
            </label>
            <button type="submit" className={buttonClass("secondary", "sm")}>
              Give the role
            </button>
          </form>
        </>
      )}
      {problem && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <CollectionLink collection={collection} onChanged={onChanged} />
      <div>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setConfirmDelete(true)}>
          Delete this collection…
        </button>
      </div>
      {confirmDelete && (
        <ConfirmDialog
          title={`Delete ${collection.name}?`}
          body="The collection goes for everyone who sees it. Its runs stay in the libraries of the people who made them."
          confirmLabel="Delete the collection"
          onConfirm={() =>
            void deleteCollection(collection.id).then((deleted) => {
              if (deleted.ok) router.push("/c");
              else setProblem(deleted.message);
            })
          }
          onClose={() => setConfirmDelete(false)}
        />
      )}
    </section>
  );
}
