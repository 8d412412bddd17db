// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LibrarySync } from "@/lib/browser/library/library-sync";
import { fakeLibrarySync } from "@/test-support/fake-library-sync";
import { LIBRARY_PATIENCE_MS, useWaitingForLibrary } from "./use-waiting-for-library";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Panel({ sync, syncs = true, empty = true }: { sync: LibrarySync | null; syncs?: boolean; empty?: boolean }) {
  return <p data-testid="waiting">{String(useWaitingForLibrary(sync, { syncs, empty }))}</p>;
}

const waiting = () => screen.getByTestId("waiting").textContent;

describe("useWaitingForLibrary", () => {
  it("waits while this browser holds nothing and the library's first round has not ended", () => {
    const { sync, say } = fakeLibrarySync();
    const { rerender } = render(<Panel sync={null} />);
    // The sync's code has not started yet: the library may still hold runs.
    expect(waiting()).toBe("true");
    rerender(<Panel sync={sync} />);
    expect(waiting()).toBe("true");
    say({ state: "synced" });
    expect(waiting()).toBe("false");
  });

  it("does not wait with runs here, without a library, or when the sync is off, offline or in another tab", () => {
    const { sync, say } = fakeLibrarySync();
    const { rerender } = render(<Panel sync={sync} empty={false} />);
    expect(waiting()).toBe("false");
    rerender(<Panel sync={null} syncs={false} />);
    expect(waiting()).toBe("false");
    for (const state of ["off", "offline", "elsewhere"] as const) {
      say({ state });
      rerender(<Panel sync={sync} />);
      expect(waiting()).toBe("false");
    }
  });

  it("stops waiting after a while, so that a sync that never starts leaves the panel usable", () => {
    render(<Panel sync={null} />);
    act(() => vi.advanceTimersByTime(LIBRARY_PATIENCE_MS - 1));
    expect(waiting()).toBe("true");
    act(() => vi.advanceTimersByTime(1));
    expect(waiting()).toBe("false");
  });
});
