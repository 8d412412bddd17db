"use client";

import { useEffect, useState } from "react";
import { smallDialogClassName, useModalDialog } from "@/components/ui/use-modal-dialog";
import { buttonClass } from "@/components/ui/button";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";
import { addToCollection, createCollection, listCollections } from "@/lib/browser/library/collection-client";
import { COLLECTION_NAME_MAX_CHARS, type CollectionSummary, type CollectionVisibility } from "@/lib/library/collection-types";

const NEW = "new";

type Loaded = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; collections: CollectionSummary[] };

/**
 * Adds the chosen runs to a collection the person may add to (theirs, or one they edit), or to a
 * new one named here. Says where they went, with a link to the collection's page.
 */
export function AddToCollectionDialog({ runIds, onClose }: { runIds: readonly string[]; onClose: () => void }) {
  const dialogRef = useModalDialog();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  // What the person picked; until they pick, the collection they last changed (or a new one).
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [visibility, setVisibility] = useState<CollectionVisibility>("private");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ collection: CollectionSummary; added: number } | null>(null);

  // Keys typed here stay here: a dialog opened over review mode must not rate or step the review.
  useEffect(() => {
    const dialog = dialogRef.current;
    const keep = (event: KeyboardEvent) => event.stopPropagation();
    dialog?.addEventListener("keydown", keep);
    return () => dialog?.removeEventListener("keydown", keep);
  }, [dialogRef]);

  useAbortableEffect((signal) => {
    void listCollections().then((result) => {
      if (signal.aborted) return;
      if (!result.ok) return setLoaded({ state: "failed", message: result.message });
      setLoaded({ state: "ready", collections: result.value.filter((collection) => collection.role !== "viewer") });
    });
  }, []);

  const collections = loaded.state === "ready" ? loaded.collections : [];
  const chosen = choice ?? collections[0]?.id ?? NEW;
  const runs = `${runIds.length} run${runIds.length === 1 ? "" : "s"}`;

  const submit = async () => {
    setProblem(null);
    let target = collections.find((collection) => collection.id === chosen) ?? null;
    if (chosen === NEW && name.trim() === "") return setProblem("Name the new collection.");
    setBusy(true);
    try {
      if (!target) {
        const made = await createCollection(name.trim(), visibility);
        if (!made.ok) return setProblem(made.message);
        target = made.value;
      }
      const added = await addToCollection(target.id, runIds);
      if (!added.ok) return setProblem(added.message);
      setDone({ collection: target, added: added.value });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialogRef} aria-label="Add to a collection" onClose={onClose} className={`${smallDialogClassName} max-w-md`}>
      <h2 className="text-base font-semibold">Add {runs} to a collection</h2>
      {done ? (
        <div className="mt-3 flex flex-col gap-3 text-sm">
          <p role="status">
            {done.added === runIds.length
              ? `Added ${runs} to ${done.collection.name}.`
              : `Added ${done.added} of ${runs} to ${done.collection.name}; the others were on it already.`}
          </p>
          <div className="flex justify-end gap-2">
            <a href={`/c/${done.collection.id}`} className={buttonClass("secondary", "sm")}>
              Open {done.collection.name}
            </a>
            <button type="button" autoFocus className={buttonClass("primary", "sm")} onClick={() => dialogRef.current?.close()}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          className="mt-3 flex flex-col gap-3 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {loaded.state === "loading" && <p className="text-muted">Reading your collections…</p>}
          {loaded.state === "failed" && (
            <p role="alert" className="text-red-700 dark:text-red-300">
              Your collections could not be read: {loaded.message}
            </p>
          )}
          {/* The choices appear once the list is read: a default that moved under the person's
              hands (new collection, then their last one) would carry off what they typed. */}
          {loaded.state !== "loading" && (
            <fieldset className="flex max-h-56 flex-col gap-1 overflow-y-auto">
              <legend className="sr-only">Collection</legend>
              {collections.map((collection) => (
                <label
                  key={collection.id}
                  className="flex items-center gap-2 rounded-md px-1 py-0.5 hover:bg-zinc-50 dark:hover:bg-zinc-800"
                >
                  <input
                    type="radio"
                    name="collection"
                    value={collection.id}
                    checked={chosen === collection.id}
                    onChange={() => setChoice(collection.id)}
                  />
                  <span className="min-w-0 flex-1 truncate">{collection.name}</span>
                  <span className="text-xs text-muted">
                    {collection.visibility === "team" ? "Team" : "Private"} · {collection.runs}
                    {collection.role === "editor" ? ` · ${collection.ownerName}'s` : ""}
                  </span>
                </label>
              ))}
              <label className="flex items-center gap-2 rounded-md px-1 py-0.5 hover:bg-zinc-50 dark:hover:bg-zinc-800">
                <input type="radio" name="collection" value={NEW} checked={chosen === NEW} onChange={() => setChoice(NEW)} />
                <span>A new collection</span>
              </label>
            </fieldset>
          )}
          {loaded.state !== "loading" && chosen === NEW && (
            <div className="flex flex-col gap-2 rounded-lg bg-zinc-50 p-2 dark:bg-zinc-800/50">
              <label className="flex flex-col gap-1">
                <span className="text-xs font-medium">Name</span>
                <input
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  maxLength={COLLECTION_NAME_MAX_CHARS}
                  placeholder="Spring campaign"
                  className="rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
                />
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={visibility === "team"}
                  onChange={(event) => setVisibility(event.target.checked ? "team" : "private")}
                />
                <span>Visible to the team (everyone signed in can look; you choose who edits)</span>
              </label>
            </div>
          )}
          {problem && (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {problem}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => dialogRef.current?.close()}>
              Cancel
            </button>
            <button type="submit" disabled={busy || loaded.state === "loading"} className={buttonClass("primary", "sm")}>
              {busy ? "Adding…" : `Add ${runs}`}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
