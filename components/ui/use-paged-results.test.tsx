// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CallResult } from "@/lib/browser/library/library-client";
import { usePagedResults } from "./use-paged-results";

afterEach(cleanup);

type Page = CallResult<{ entries: string[]; next: string | null }>;

/** Pages asked for, each answered when the test says so. */
const asked: { query: string; after: string | null; signal: AbortSignal; answer: (page: Page) => void }[] = [];
/** The IntersectionObserver callbacks of the page, so the test can bring the end into view. */
let observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];

beforeEach(() => {
  asked.length = 0;
  observers = [];
  globalThis.IntersectionObserver = class {
    private readonly callback: (entries: { isIntersecting: boolean }[]) => void;
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
      this.callback = callback;
      observers.push(callback);
    }
    observe() {}
    disconnect() {
      observers = observers.filter((observer) => observer !== this.callback);
    }
  } as unknown as typeof IntersectionObserver;
});

const keyOf = (entry: string) => entry;

function List({ query, fresh }: { query: string; fresh?: number }) {
  const endRef = useRef<HTMLParagraphElement>(null);
  const [results] = usePagedResults(
    query,
    (after, signal) => new Promise<Page>((answer) => asked.push({ query, after, signal, answer })),
    endRef,
    fresh === undefined ? undefined : { of: fresh, keyOf },
  );
  return (
    <div>
      <p data-testid="entries">{results.entries.join(",")}</p>
      <p data-testid="state">{results.problem ?? (results.loading ? "loading" : "idle")}</p>
      <p ref={endRef}>end</p>
    </div>
  );
}

const page = (entries: string[], next: string | null): Page => ({ ok: true, value: { entries, next } });

describe("usePagedResults", () => {
  it("reads the first page, then the next as the end comes into view, until there is none", async () => {
    render(<List query="red" />);
    expect(asked.map((call) => call.after)).toEqual([null]);
    act(() => asked[0]!.answer(page(["a", "b"], "p2")));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("a,b"));
    // The end is watched from an effect that runs after the page is shown (sooner or later under load).
    await waitFor(() => expect(observers).toHaveLength(1));
    act(() => observers.at(-1)!([{ isIntersecting: true }]));
    await waitFor(() => expect(asked.map((call) => call.after)).toEqual([null, "p2"]));
    expect(screen.getByTestId("state").textContent).toBe("loading");
    act(() => asked[1]!.answer(page(["c"], null)));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("a,b,c"));
    expect(screen.getByTestId("state").textContent).toBe("idle");
    // No next page: nothing watches the end any more.
    expect(observers).toHaveLength(0);
  });

  it("starts over for a new query, and a page of the old one arriving late is dropped", async () => {
    const { rerender } = render(<List query="red" />);
    rerender(<List query="blue" />);
    expect(asked.map((call) => [call.query, call.signal.aborted])).toEqual([
      ["red", true],
      ["blue", false],
    ]);
    act(() => asked[1]!.answer(page(["new"], null)));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("new"));
    act(() => asked[0]!.answer(page(["old"], null)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId("entries").textContent).toBe("new");
  });

  it("keeps what it has and says why when a page fails", async () => {
    render(<List query="red" />);
    act(() => asked[0]!.answer(page(["a"], "p2")));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("a"));
    await waitFor(() => expect(observers).toHaveLength(1));
    act(() => observers.at(-1)!([{ isIntersecting: true }]));
    await waitFor(() => expect(asked).toHaveLength(2));
    act(() => asked[1]!.answer({ ok: false, message: "The server is restarting." } as Page));
    await waitFor(() => expect(screen.getByTestId("state").textContent).toBe("The server is restarting."));
    expect(screen.getByTestId("entries").textContent).toBe("a");
  });

  it("reads the first page again when what the server holds changed, showing what it has until then", async () => {
    const { rerender } = render(<List query="red" fresh={1} />);
    act(() => asked[0]!.answer(page(["a", "b"], "p2")));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("a,b"));
    rerender(<List query="red" fresh={2} />);
    expect(asked.map((call) => call.after)).toEqual([null, null]);
    expect(screen.getByTestId("entries").textContent).toBe("a,b");
    expect(screen.getByTestId("state").textContent).toBe("idle");
    act(() => asked[1]!.answer(page(["new", "a"], "p2b")));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("new,a"));
    // Only the first page was shown: the fresh one is the list, and the next page starts after it.
    await waitFor(() => expect(observers).toHaveLength(1));
    act(() => observers.at(-1)!([{ isIntersecting: true }]));
    await waitFor(() => expect(asked.at(-1)!.after).toBe("p2b"));
  });

  it("with more pages shown, puts the fresh first page in front and keeps the rest in order", async () => {
    const { rerender } = render(<List query="red" fresh={1} />);
    act(() => asked[0]!.answer(page(["a", "b"], "p2")));
    await waitFor(() => expect(observers).toHaveLength(1));
    act(() => observers.at(-1)!([{ isIntersecting: true }]));
    await waitFor(() => expect(asked).toHaveLength(2));
    act(() => asked[1]!.answer(page(["c", "d"], "p3")));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("a,b,c,d"));
    rerender(<List query="red" fresh={2} />);
    act(() => asked[2]!.answer(page(["new", "a"], "p2b")));
    // "b", pushed off the first page by the new run, keeps its place; the reader keeps theirs.
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("new,a,b,c,d"));
    await waitFor(() => expect(observers).toHaveLength(1));
    act(() => observers.at(-1)!([{ isIntersecting: true }]));
    await waitFor(() => expect(asked.at(-1)!.after).toBe("p3"));
  });

  it("keeps the list as it is when reading it again fails", async () => {
    const { rerender } = render(<List query="red" fresh={1} />);
    act(() => asked[0]!.answer(page(["a"], null)));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("a"));
    rerender(<List query="red" fresh={2} />);
    act(() => asked[1]!.answer({ ok: false, message: "The server is restarting." } as Page));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId("entries").textContent).toBe("a");
    expect(screen.getByTestId("state").textContent).toBe("idle");
  });

  it("starts over, dropping what was shown, when the query changes along with the freshness", async () => {
    const { rerender } = render(<List query="red" fresh={1} />);
    act(() => asked[0]!.answer(page(["a"], null)));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("a"));
    rerender(<List query="blue" fresh={2} />);
    expect(screen.getByTestId("entries").textContent).toBe("");
    act(() => asked[1]!.answer(page(["z"], null)));
    await waitFor(() => expect(screen.getByTestId("entries").textContent).toBe("z"));
  });
});
