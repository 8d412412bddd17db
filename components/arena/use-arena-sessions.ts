"use client";

import { useCallback, useEffect, useState } from "react";
import type { ArenaPlan, ArenaSpec } from "@/lib/arena/arena-plan";
import type { ArenaSession, ArenaWinner, withVote } from "@/lib/arena/arena-session";
import type { loadArenas, storeArenas } from "@/lib/browser/arena-storage";

/** How sessions are read, kept and voted on: the arena's lazily loaded module (arena-workspace) brings these. */
type ArenaModule = { loadArenas: typeof loadArenas; storeArenas: typeof storeArenas; withVote: typeof withVote };

export type ArenaSessions = {
  /** Newest first. */
  sessions: ArenaSession[];
  current: ArenaSession | null;
  /** The browser refused to keep the sessions: they last until the page reloads. */
  notKept: boolean;
  start: (spec: ArenaSpec, plan: ArenaPlan) => void;
  vote: (match: number, winner: ArenaWinner) => void;
  resume: (id: string) => void;
  remove: (id: string) => void;
};

/**
 * The arena sessions kept in this browser; read when the arena's module has arrived (the tab first
 * opened), written on each change. Nothing here runs before then: every action comes from the
 * arena's own views.
 */
export function useArenaSessions(arena: ArenaModule | null): ArenaSessions {
  const [state, setState] = useState<{ loaded: boolean; current: string | null; sessions: ArenaSession[] }>({
    loaded: false,
    current: null,
    sessions: [],
  });
  const [notKept, setNotKept] = useState(false);

  useEffect(() => {
    if (!arena || state.loaded) return;
    const stored = arena.loadArenas();
    // Read once, when the arena tab first opens: nothing of it costs the page's start.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage is read after mount, never during render
    setState({ loaded: true, current: stored.current, sessions: stored.sessions });
  }, [arena, state.loaded]);

  const update = useCallback(
    (change: (previous: { current: string | null; sessions: ArenaSession[] }) => { current: string | null; sessions: ArenaSession[] }) => {
      setState((previous) => {
        const next = { loaded: true, ...change(previous) };
        if (arena) setNotKept(!arena.storeArenas(next));
        return next;
      });
    },
    [arena],
  );

  const start = useCallback(
    (spec: ArenaSpec, plan: ArenaPlan) => {
      const session: ArenaSession = { id: crypto.randomUUID(), createdAt: Date.now(), spec, plan, votes: [] };
      update((previous) => ({ current: session.id, sessions: [session, ...previous.sessions] }));
    },
    [update],
  );
  const vote = useCallback(
    (match: number, winner: ArenaWinner) =>
      update((previous) => ({
        current: previous.current,
        sessions: previous.sessions.map((session) =>
          session.id === previous.current && arena ? arena.withVote(session, match, winner) : session,
        ),
      })),
    [update, arena],
  );
  const resume = useCallback((id: string) => update((previous) => ({ current: id, sessions: previous.sessions })), [update]);
  const remove = useCallback(
    (id: string) =>
      update((previous) => ({
        current: previous.current === id ? null : previous.current,
        sessions: previous.sessions.filter((session) => session.id !== id),
      })),
    [update],
  );

  const current = state.sessions.find((session) => session.id === state.current) ?? null;
  return { sessions: state.sessions, current, notKept, start, vote, resume, remove };
}
