"use client";

import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import type { CallResult } from "@/lib/browser/library/library-client";
import { useAbortableEffect } from "./use-abortable-effect";

export type PagedResults<T> = { entries: T[]; next: string | null; loading: boolean; problem: string | null };

/** One page of a keyset-paged list: its entries and where the next page starts (null: the end). */
export type PageReader<T> = (after: string | null, signal: AbortSignal) => Promise<CallResult<{ entries: T[]; next?: string | null }>>;

const FIRST_PAGE = { entries: [], next: null, loading: true, problem: null };

/** Reading the first page again when what the server holds changed (see usePagedResults). */
export type Freshness<T> = { of: unknown; keyOf: (entry: T) => string };

/**
 * A list read a page at a time from the server: the first page when `query` changes (what was
 * shown is dropped, a page still arriving for the old query is ignored), the next one as `endRef`
 * comes into view. `query` names what is asked for: a new value (by identity) starts over.
 * `fresh.of` names what the server holds: a new value reads the first page again while what is
 * shown stays, and the fresh page then takes the place of the first (see withFreshFirstPage).
 */
export function usePagedResults<T>(
  query: unknown,
  readPage: PageReader<T>,
  endRef: RefObject<Element | null>,
  fresh?: Freshness<T>,
): [PagedResults<T>, Dispatch<SetStateAction<PagedResults<T>>>] {
  const freshness = fresh?.of;
  const [results, setResults] = useState<PagedResults<T>>(FIRST_PAGE);
  // The next page asked for, and the query and freshness it belongs to.
  const [more, setMore] = useState<{ query: unknown; freshness: unknown; after: string } | null>(null);
  const reader = useRef(readPage);
  const keyOf = useRef(fresh?.keyOf);
  useEffect(() => {
    reader.current = readPage;
    keyOf.current = fresh?.keyOf;
  });
  // The query the list shows, and whether a page past the first was added to it.
  const shown = useRef<{ query: unknown; extended: boolean } | null>(null);

  useAbortableEffect(
    (signal) => {
      // The same query again: what the server holds changed (or the effect ran twice, in development).
      const key = shown.current?.query === query ? keyOf.current : undefined;
      const extended = key !== undefined && shown.current!.extended;
      if (key === undefined) {
        shown.current = { query, extended: false };
        setResults(FIRST_PAGE);
      }
      setMore(null);
      void reader.current(null, signal).then((page) => {
        if (signal.aborted) return;
        if (!page.ok) {
          // A refresh that fails leaves the list as it was; a new query says why it shows nothing.
          if (key === undefined) setResults({ ...FIRST_PAGE, loading: false, problem: page.message });
          return;
        }
        setResults((current) =>
          key
            ? withFreshFirstPage(current, { entries: page.value.entries, next: page.value.next ?? null }, extended, key)
            : { entries: page.value.entries, next: page.value.next ?? null, loading: false, problem: null },
        );
      });
    },
    [query, freshness],
  );

  useAbortableEffect(
    (signal) => {
      if (more === null || more.query !== query || more.freshness !== freshness) return;
      void reader.current(more.after, signal).then((page) => {
        if (signal.aborted) return;
        if (page.ok && shown.current) shown.current.extended = true;
        setResults((current) =>
          page.ok
            ? { entries: [...current.entries, ...page.value.entries], next: page.value.next ?? null, loading: false, problem: null }
            : { ...current, loading: false, problem: page.message },
        );
      });
    },
    [query, freshness, more],
  );

  const { next, loading } = results;
  useEffect(() => {
    const end = endRef.current;
    if (!end || next === null || loading) return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) {
        setResults((current) => ({ ...current, loading: true }));
        setMore({ query, freshness, after: next });
      }
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [next, loading, query, freshness, endRef]);

  return [results, setResults];
}

/**
 * The list after its first page was read again. Only the first page shown: the fresh page is the
 * list. More pages shown: the fresh page, then every entry shown that it does not hold, in their
 * order, so one pushed off the first page by a new one stays in its place and the reader keeps
 * their place in the list (one deleted elsewhere stays until the list is read anew).
 */
export function withFreshFirstPage<T>(
  current: PagedResults<T>,
  fresh: { entries: T[]; next: string | null },
  extended: boolean,
  keyOf: (entry: T) => string,
): PagedResults<T> {
  if (!extended) return { entries: fresh.entries, next: fresh.next, loading: false, problem: null };
  const keys = new Set(fresh.entries.map(keyOf));
  // A next page asked for before the refresh was dropped with it: the end asks again.
  return { ...current, entries: [...fresh.entries, ...current.entries.filter((entry) => !keys.has(keyOf(entry)))], loading: false };
}
