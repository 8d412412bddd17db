"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { allJudgedSentence, nextMatch, votesCsv, withVote, type ArenaWinner } from "@/lib/arena/arena-session";
import type { ArenaMatch } from "@/lib/arena/arena-plan";
import { planCollectionArena, type ArenaCandidate, type CollectionArenaSession } from "@/lib/arena/collection-arena";
import { loadCollectionArena, storeCollectionArena } from "@/lib/browser/collection-arena-storage";
import { saveBlob } from "@/lib/browser/image-actions";
import type { CollectionEntry } from "@/lib/library/collection-types";
import { parseAspectRatio } from "@/lib/request/aspect-ratio";
import { ArenaPairHeading, ArenaSideVerdict, ArenaVerdictBar, type ArenaReveal } from "@/components/arena/arena-pair-parts";
import { ArenaStandings } from "@/components/arena/arena-standings";
import { Button } from "@/components/ui/button";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";
import { entryKey, pictureOf } from "./collection-entries";

type FileUrl = (file: { hash: string; name: string }) => string;

const VOTE_KEYS: Record<string, ArenaWinner> = { ArrowLeft: "left", ArrowRight: "right", ArrowDown: "tie" };

const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;

/** The runs of a collection that can be judged: succeeded, with a picture. */
function candidatesOf(entries: readonly CollectionEntry[]): ArenaCandidate[] {
  return entries.flatMap((entry) =>
    entry.record?.status === "succeeded" && pictureOf(entry, "full")
      ? [
          {
            key: entryKey(entry),
            prompt: entry.record.request.prompt,
            model: entry.record.request.model,
            ratio: entry.record.request.aspect_ratio,
          },
        ]
      : [],
  );
}

type Loaded =
  | { state: "loading" }
  | { state: "problem"; text: string }
  | {
      state: "ready";
      entries: ReadonlyMap<string, CollectionEntry>;
      session: CollectionArenaSession;
      notice: string | null;
      kept: boolean;
    };

/**
 * A blind arena over the pictures a collection already holds: two runs of different models on the
 * same prompt side by side, models and authors hidden until the vote (← / → / ↓), standings from
 * every vote. Nothing is generated. The votes are kept in this browser, per collection.
 */
export function CollectionArena({
  collectionId,
  loadEntries,
  fileUrl,
  onClose,
}: {
  collectionId: string;
  /** Every run of the collection (or why they could not be read). */
  loadEntries: () => Promise<CollectionEntry[] | string>;
  fileUrl: FileUrl;
  onClose: () => void;
}) {
  const dialogRef = useModalDialog();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [revealed, setRevealed] = useState<ArenaReveal | null>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const loadRef = useRef(loadEntries);

  useAbortableEffect(
    (signal) => {
      void loadRef.current().then((entries) => {
        if (signal.aborted) return;
        if (typeof entries === "string")
          return setLoaded({ state: "problem", text: `The collection's runs could not be read: ${entries}` });
        const byKey = new Map(entries.map((entry) => [entryKey(entry), entry]));
        const judgeable = new Set(candidatesOf(entries).map((candidate) => candidate.key));
        const stored = loadCollectionArena(collectionId);
        // A kept arena goes on only while every run it shows is still on the collection.
        if (stored && stored.sides.every((side) => judgeable.has(side.left) && judgeable.has(side.right)))
          return setLoaded({ state: "ready", entries: byKey, session: stored, notice: null, kept: true });
        const planned = planCollectionArena(collectionId, candidatesOf(entries), newSeed());
        if (!planned.ok) return setLoaded({ state: "problem", text: planned.reason });
        const kept = storeCollectionArena(planned.session);
        setLoaded({
          state: "ready",
          entries: byKey,
          session: planned.session,
          notice: stored ? "Runs left this collection since your last arena here, so this is a new one." : null,
          kept,
        });
      });
    },
    [collectionId],
  );

  const session = loaded.state === "ready" ? loaded.session : null;
  const waiting = session ? nextMatch(session) : null;
  const onScreen = revealed?.match ?? waiting;
  const sides = onScreen && session ? session.sides[onScreen.index] : undefined;
  const entries = loaded.state === "ready" ? loaded.entries : null;
  const left = sides ? entries?.get(sides.left) : undefined;
  const right = sides ? entries?.get(sides.right) : undefined;

  const vote = (winner: ArenaWinner) => {
    if (loaded.state !== "ready" || !waiting || revealed) return;
    const voted = withVote(loaded.session, waiting.index, winner);
    const kept = storeCollectionArena(voted);
    setLoaded({ ...loaded, session: voted, kept });
    setRevealed({ match: waiting, winner });
  };
  const voteRef = useRef(vote);
  useEffect(() => {
    voteRef.current = vote;
  });

  // After the vote, Enter goes on; after going on, focus stays in the arena (the button it was on is gone).
  const stageRef = useRef<HTMLElement>(null);
  const wasRevealed = useRef(false);
  useEffect(() => {
    if (revealed) nextRef.current?.focus();
    else if (wasRevealed.current) stageRef.current?.focus();
    wasRevealed.current = revealed !== null;
  }, [revealed]);

  // On the window, not the dialog: the keys work wherever focus is while the arena is open.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const winner = VOTE_KEYS[event.key];
      if (!winner || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      voteRef.current(winner);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // The next pair's pictures load while this one is judged.
  const following = session?.plan.matches.find(
    (match) => match.index !== onScreen?.index && !session.votes.some((v) => v.match === match.index),
  );
  const followingSides = following && session ? session.sides[following.index] : undefined;
  useEffect(() => {
    if (!followingSides || !entries) return;
    for (const key of [followingSides.left, followingSides.right]) {
      const entry = entries.get(key);
      const picture = entry ? pictureOf(entry, "full") : null;
      if (picture) new Image().src = fileUrl(picture);
    }
  }, [followingSides, entries, fileUrl]);

  const startOver = () => {
    if (loaded.state !== "ready") return;
    const planned = planCollectionArena(collectionId, candidatesOf([...loaded.entries.values()]), newSeed());
    if (!planned.ok) return setLoaded({ state: "problem", text: planned.reason });
    setRevealed(null);
    setLoaded({ ...loaded, session: planned.session, notice: null, kept: storeCollectionArena(planned.session) });
  };

  const total = session?.plan.matches.length ?? 0;
  const position = (session?.votes.length ?? 0) + (revealed ? 0 : 1);
  return (
    <dialog
      ref={dialogRef}
      aria-label="Arena on the collection"
      onClose={onClose}
      className="m-auto flex max-h-[94dvh] w-[94vw] max-w-6xl flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-4 text-zinc-900 shadow-xl backdrop:bg-black/70 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">Arena</h2>
        <div className="flex flex-wrap gap-2">
          {session && session.votes.length > 0 && (
            <Button size="sm" onClick={() => saveBlob(new Blob([votesCsv(session)], { type: "text/csv" }), `arena-${collectionId}.csv`)}>
              Download votes (CSV)
            </Button>
          )}
          {session && (
            <Button size="sm" onClick={startOver} title="New pairs in a new order; the votes so far are set aside">
              New arena
            </Button>
          )}
          <Button size="sm" autoFocus onClick={() => dialogRef.current?.close()}>
            Close
          </Button>
        </div>
      </div>
      {loaded.state === "loading" && (
        <p role="status" className="text-sm text-muted">
          Reading the collection&apos;s runs…
        </p>
      )}
      {loaded.state === "problem" && (
        <p role="alert" className="text-sm" data-testid="collection-arena-problem">
          {loaded.text}
        </p>
      )}
      {loaded.state === "ready" && (
        <>
          <p className="text-xs text-muted">
            Two runs of different models on the same prompt, the models and who made them hidden until you vote. Nothing is generated; the
            votes stay in this browser{loaded.kept ? "" : " (this browser refused to keep them: they last until the page closes)"}.
          </p>
          {loaded.notice && (
            <p role="status" className="text-sm">
              {loaded.notice}
            </p>
          )}
          {onScreen && left && right ? (
            <section
              ref={stageRef}
              tabIndex={-1}
              aria-label="Pair to judge"
              className="flex flex-col gap-4 outline-none"
              data-testid="arena-stage"
            >
              <ArenaPairHeading position={position} total={total} prompt={onScreen.prompt} />
              <div className="grid gap-4 sm:grid-cols-2">
                <ArenaRun which="left" entry={left} match={onScreen} revealed={revealed} fileUrl={fileUrl} />
                <ArenaRun which="right" entry={right} match={onScreen} revealed={revealed} fileUrl={fileUrl} />
              </div>
              <ArenaVerdictBar
                revealed={revealed}
                more={waiting !== null}
                nextRef={nextRef}
                onVote={vote}
                onNext={() => setRevealed(null)}
              />
            </section>
          ) : (
            <p className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-muted dark:border-zinc-700" role="status">
              {allJudgedSentence(total)} The standings below count every vote; New arena starts again in a new order.
            </p>
          )}
          <ArenaStandings session={loaded.session} />
        </>
      )}
    </dialog>
  );
}

/** One side of the pair: its full picture, then after the vote its model and who made it. */
function ArenaRun({
  which,
  entry,
  match,
  revealed,
  fileUrl,
}: {
  which: "left" | "right";
  entry: CollectionEntry;
  match: ArenaMatch;
  revealed: ArenaReveal | null;
  fileUrl: FileUrl;
}) {
  const picture = useMemo(() => pictureOf(entry, "full"), [entry]);
  const shape = parseAspectRatio(entry.record?.request.aspect_ratio ?? "");
  const name = which === "left" ? "Left" : "Right";
  return (
    <figure className="flex flex-col gap-2" data-testid={`arena-${which}`}>
      <figcaption className="text-sm font-medium" data-testid={`arena-${which}-name`}>
        {revealed ? (
          <>
            {name}: <span className="font-mono">{which === "left" ? match.left : match.right}</span>
            <span className="text-muted"> · {entry.authorName}</span>
            <ArenaSideVerdict revealed={revealed} which={which} />
          </>
        ) : (
          name
        )}
      </figcaption>
      <div
        className="checkerboard flex max-h-[60dvh] w-full items-center justify-center overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800"
        style={{ aspectRatio: shape ? `${shape.width} / ${shape.height}` : "1 / 1" }}
      >
        {picture && (
          // eslint-disable-next-line @next/next/no-img-element -- the run's full image, from the library
          <img key={picture.hash} src={fileUrl(picture)} alt={`${name} image`} className="h-full w-full object-contain" />
        )}
      </div>
    </figure>
  );
}
