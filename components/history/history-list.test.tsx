// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { groupHistory } from "@/lib/history/history-groups";
import type { RunSummary } from "@/lib/history/history-types";
import { HistoryList } from "./history-list";
import { makeSummary } from "@/test-support/history-fixtures";

afterEach(cleanup);

// jsdom lays nothing out: the list's scroller is given a height of 600 px, as a screen would.
const SCROLLER_PX = 600;
const layout = (element: HTMLElement) => (element.dataset.testid === "history-scroller" ? SCROLLER_PX : 0);
beforeAll(() => {
  // jsdom has no CSS.escape, which the list uses to find a row by its key (ids here need no escaping).
  globalThis.CSS ??= { escape: (text: string) => text } as typeof CSS;
  for (const side of ["clientHeight", "clientWidth"])
    Object.defineProperty(HTMLElement.prototype, side, {
      configurable: true,
      get: function (this: HTMLElement) {
        return layout(this);
      },
    });
});
afterAll(() => {
  // Back to jsdom's own (inherited from Element): the properties were added on HTMLElement only.
  for (const side of ["clientHeight", "clientWidth"]) Reflect.deleteProperty(HTMLElement.prototype, side);
});

const summary = (id: string, createdAt: number, options: Partial<RunSummary> = {}) =>
  makeSummary(id, createdAt, { request: { model: "model-a", prompt: `prompt ${id}`, aspect_ratio: "16:9" }, durationMs: 1500, ...options });

function renderList(runs: RunSummary[], overrides: Partial<ComponentProps<typeof HistoryList>> = {}) {
  const handlers = {
    loadThumbnail: vi.fn(async () => null),
    onOpen: vi.fn(),
    onRerun: vi.fn(),
    onOpenGrid: vi.fn(),
    onRerunGrid: vi.fn(),
    onSelect: vi.fn(),
    onStar: vi.fn(),
    onVerdict: vi.fn(),
    onShare: vi.fn(),
    onShareGrid: vi.fn(),
    onDelete: vi.fn(async () => undefined),
  };
  const props: ComponentProps<typeof HistoryList> = {
    entries: groupHistory(runs),
    busy: false,
    now: 10_000_000,
    shownId: null,
    selected: new Set(),
    sharedIds: new Set(),
    teamFeedback: new Map(),
    ...handlers,
    ...overrides,
  };
  return { ...render(<HistoryList {...props} />), handlers };
}

const rows = () => within(screen.getByRole("list", { name: "Saved runs" })).getAllByRole("listitem");

describe("HistoryList", () => {
  it("puts only a few rows of 10,000 in the page, each with its place in the whole list", () => {
    const runs = Array.from({ length: 10_000 }, (_, index) => summary(`run-${index}`, 10_000 - index));
    renderList(runs, { busy: true });
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().length).toBeLessThanOrEqual(20);
    expect(rows()[0]?.getAttribute("aria-setsize")).toBe("10000");
    expect(
      rows()
        .map((row) => row.getAttribute("aria-posinset"))
        .slice(0, 3),
    ).toEqual(["1", "2", "3"]);
    expect(screen.getByRole("list", { name: "Saved runs" }).getAttribute("aria-busy")).toBe("true");
  });

  it("opens, stars, selects and reruns the run of the row pressed", () => {
    const runs = [summary("newest", 3), summary("older", 2, { starred: true })];
    const { handlers } = renderList(runs, { shownId: "older", sharedIds: new Set(["newest"]) });
    const [newest, older] = screen.getAllByTestId("history-item");
    if (!newest || !older) throw new Error("two rows expected");
    fireEvent.click(within(newest).getByText("prompt newest"));
    expect(handlers.onOpen).toHaveBeenCalledWith(runs[0]);
    fireEvent.click(within(older).getByRole("button", { name: "Unstar run" }));
    expect(handlers.onStar).toHaveBeenCalledWith(["older"], false);
    fireEvent.click(within(newest).getByRole("checkbox", { name: "Select run: prompt newest" }));
    expect(handlers.onSelect).toHaveBeenCalledWith(["newest"], true);
    fireEvent.click(within(newest).getByRole("button", { name: "Rerun" }));
    expect(handlers.onRerun).toHaveBeenCalledWith(runs[0]);
    // The run on screen is marked, and what this browser shared says so.
    expect(
      within(older)
        .getByRole("button", { name: /prompt older/ })
        .getAttribute("aria-current"),
    ).toBe("true");
    expect(within(newest).getByText("Shared")).toBeTruthy();
  });

  it("shows a grid's runs as one entry that opens and stars them together", () => {
    const spec = { prompts: "p", models: "model-a\nmodel-b", ratios: "1:1" } as never;
    const cell = (id: string, cellIndex: number) =>
      summary(id, 5 + cellIndex, { group: { id: "grid-1", cellIndex, cellCount: 2, rowAxis: "model", spec } });
    const runs = [cell("cell-1", 1), cell("cell-0", 0), summary("alone", 1)];
    const { handlers } = renderList(runs);
    expect(rows()).toHaveLength(2);
    const grid = rows()[0];
    if (!grid) throw new Error("a grid row expected");
    fireEvent.click(within(grid).getByRole("button", { name: "Star grid" }));
    expect(handlers.onStar).toHaveBeenCalledWith(expect.arrayContaining(["cell-0", "cell-1"]), true);
  });

  it("deletes a row and moves focus to its neighbour, so the keyboard stays in the list", async () => {
    const runs = [summary("first", 3), summary("second", 2), summary("third", 1)];
    const { handlers, rerender } = renderList(runs);
    const second = screen.getAllByTestId("history-item")[1];
    if (!second) throw new Error("a second row expected");
    await act(async () => fireEvent.click(within(second).getByRole("button", { name: "Delete run" })));
    expect(handlers.onDelete).toHaveBeenCalledWith(["second"]);
    rerender(
      <HistoryList
        entries={groupHistory([runs[0] as RunSummary, runs[2] as RunSummary])}
        busy={false}
        now={10_000_000}
        shownId={null}
        selected={new Set()}
        sharedIds={new Set()}
        teamFeedback={new Map()}
        {...handlers}
      />,
    );
    expect(document.activeElement?.closest("li")?.getAttribute("data-entry-key")).toBe("third");
  });
});
