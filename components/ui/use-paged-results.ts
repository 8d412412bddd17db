"use client";

import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import type { CallResult } from "@/lib/browser/library/library-client";
import { useAbortableEffect } from "./use-abortable-effect";

export type PagedResults<T> = { entries: T[]; next: string | null; loading: boolean; problem: string | null };

/** One page of a keyset-paged list: its entries and where the next page starts (null: the end). */
export type PageReader<T> = (after: string | null, signal: AbortSignal) => Promise<CallResult<{ entries: T[]; next?: string | null }>>;

const FIRST_PAGE = { entries: [], next: null, loading: true, problem: null };

/**
 * A list read a page at a time from the server: the first page when `query` changes (what was
 * shown is dropped, a page still arriving for the old query is ignored), the next one as `endRef`
 * comes into view. `query` names what is asked for: a new value (by identity) starts over.
 */
export function usePagedResults<T>(
  query: unknown,
  readPage: PageReader<T>,
  endRef: RefObject<Element | null>,
): [PagedResults<T>, Dispatch<SetStateAction<PagedResults<T>>>] {
  const [results, setResults] = useState<PagedResults<T>>(FIRST_PAGE);
  // The next page asked for, and the query it belongs to.
  const [more, setMore] = useState<{ query: unknown; after: string } | null>(null);
  const reader = useRef(readPage);
  useEffect(() => {
    reader.current = readPage;
  });

  useAbortableEffect(
    (signal) => {
      setResults(FIRST_PAGE);
      setMore(null);
      void reader.current(null, signal).then((page) => {
        if (signal.aborted) return;
        setResults(
          page.ok
            ? { entries: page.value.entries, next: page.value.next ?? null, loading: false, problem: null }
            : { ...FIRST_PAGE, loading: false, problem: page.message },
        );
      });
    },
    [query],
  );

  useAbortableEffect(
    (signal) => {
      if (more === null || more.query !== query) return;
      void reader.current(more.after, signal).then((page) => {
        if (signal.aborted) return;
        setResults((current) =>
          page.ok
            ? { entries: [...current.entries, ...page.value.entries], next: page.value.next ?? null, loading: false, problem: null }
            : { ...current, loading: false, problem: page.message },
        );
      });
    },
    [query, more],
  );

  const { next, loading } = results;
  useEffect(() => {
    const end = endRef.current;
    if (!end || next === null || loading) return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) {
        setResults((current) => ({ ...current, loading: true }));
        setMore({ query, after: next });
      }
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [next, loading, query, endRef]);

  return [results, setResults];
}
