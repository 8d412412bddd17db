import { act } from "@testing-library/react";
import { INITIAL_LIBRARY_STATUS, type LibraryStatus } from "@/lib/browser/library/library-status";
import type { LibrarySync } from "@/lib/browser/library/library-sync";

/** A library sync for component tests: it reports what the test says (`say`), nothing more. */
export function fakeLibrarySync() {
  let status: LibraryStatus = INITIAL_LIBRARY_STATUS;
  const listeners = new Set<() => void>();
  const sync = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => status,
  } as unknown as LibrarySync;
  const say = (patch: Partial<LibraryStatus>) =>
    act(() => {
      status = { ...status, ...patch };
      for (const listener of listeners) listener();
    });
  return { sync, say };
}
