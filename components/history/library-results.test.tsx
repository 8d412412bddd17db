// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { searchLibrary, type LibrarySearch } from "@/lib/browser/library/library-client";
import { fakeLibrarySync } from "@/test-support/fake-library-sync";
import type { LibraryEntry } from "@/lib/library/library-types";
import { archivedRunFixture } from "@/test-support/archived-run";
import type { HistoryApi } from "./use-history";
import { LibraryResults } from "./library-results";

vi.mock("@/lib/browser/library/library-client", async (original) => ({
  ...(await original<typeof import("@/lib/browser/library/library-client")>()),
  searchLibrary: vi.fn(),
}));

const entry = (id: string): LibraryEntry => ({
  id,
  record: archivedRunFixture({ id, request: { model: "m", prompt: `prompt ${id}`, aspect_ratio: "1:1" } }) as LibraryEntry["record"],
  verdictAt: 0,
  files: [],
});

/** Two pages: a and b, then c and d. */
const PAGES: Record<string, { entries: LibraryEntry[]; next: string | null }> = {
  first: { entries: [entry("a"), entry("b")], next: "p2" },
  p2: { entries: [entry("c"), entry("d")], next: null },
};

let observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];

beforeEach(() => {
  observers = [];
  globalThis.IntersectionObserver = class {
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
  vi.mocked(searchLibrary).mockReset();
  vi.mocked(searchLibrary).mockImplementation(async (_search, after) => ({ ok: true, value: PAGES[after ?? "first"]! }));
});
afterEach(cleanup);

const SEARCH: LibrarySearch = {
  text: "",
  model: "",
  ratio: "",
  status: "",
  starredOnly: false,
  minRating: 0,
  pickedOnly: false,
  order: "newest",
  from: "",
  to: "",
  scope: "mine",
  by: "",
};

const shown = () => screen.queryAllByTestId("library-result").map((item) => item.getAttribute("data-run-id"));

describe("LibraryResults", () => {
  it("leaves out at once a run the library's feed says was deleted, on any page shown, with no new search", async () => {
    const { sync, say } = fakeLibrarySync();
    render(<LibraryResults search={SEARCH} sync={sync} history={{} as HistoryApi} now={Date.now()} onOpen={() => undefined} />);
    await waitFor(() => expect(shown()).toEqual(["a", "b"]));
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    act(() => observers.at(-1)!([{ isIntersecting: true }]));
    await waitFor(() => expect(shown()).toEqual(["a", "b", "c", "d"]));
    const searches = vi.mocked(searchLibrary).mock.calls.length;

    say({ removedRuns: ["c"] });
    expect(shown()).toEqual(["a", "b", "d"]);
    say({ removedRuns: ["c", "a"] });
    expect(shown()).toEqual(["b", "d"]);
    expect(vi.mocked(searchLibrary).mock.calls.length).toBe(searches);
  });

  it("with every run shown deleted and more pages to read, asks for them rather than saying nothing matches", async () => {
    const { sync, say } = fakeLibrarySync();
    render(<LibraryResults search={SEARCH} sync={sync} history={{} as HistoryApi} now={Date.now()} onOpen={() => undefined} />);
    await waitFor(() => expect(shown()).toEqual(["a", "b"]));
    say({ removedRuns: ["a", "b"] });
    expect(screen.queryByText("No run in your library matches these filters.")).toBeNull();
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    act(() => observers.at(-1)!([{ isIntersecting: true }]));
    await waitFor(() => expect(shown()).toEqual(["c", "d"]));
  });
});
