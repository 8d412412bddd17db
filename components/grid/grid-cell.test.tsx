// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { PNG_BASE64 } from "@/test-support/sample-images";
import { GridCellBox } from "./grid-cell";
import type { GridCellView } from "./use-grid-runner";

const cell = { index: 0, prompt: "a lighthouse", model: "m0", aspect_ratio: "3:2", key: { prompt: 0, model: 0, ratio: 0, field: 0 } };
const label = "a lighthouse · m0 · 3:2";
const picture = "/api/shares/s1/files/c0-image-1.png";

const answered: RunOutcome = {
  kind: "service",
  exchange: {
    requestId: "r0",
    status: 200,
    statusText: "OK",
    contentType: "application/json",
    url: "",
    urlsTried: [],
    keyHint: "",
    headersMs: 10,
    totalMs: 100,
    serviceRequestId: "",
    retryAfter: "",
    location: "",
    bytes: new TextEncoder().encode(JSON.stringify({ data: [{ b64_json: PNG_BASE64 }] })),
  },
};

const box = (view: GridCellView) => <GridCellBox cell={cell} view={view} now={0} gridRunning={false} onOpen={() => undefined} />;

beforeEach(() => {
  // jsdom has no object URLs; the cell's blob image needs one.
  Object.assign(URL, { createObjectURL: vi.fn(() => "blob:cell-0"), revokeObjectURL: vi.fn() });
});
afterEach(cleanup);

describe("GridCellBox", () => {
  it("shows a cell's picture known before its answer, then keeps the same image element when the answer's image takes over", () => {
    const { rerender } = render(box({ progress: { status: "queued" }, outcome: null, picture }));
    const before = screen.getByRole("img", { name: label });
    expect(before.getAttribute("src")).toBe(picture);
    expect(screen.getByRole("button", { name: `Open ${label}` }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: `Download ${label}` }).hasAttribute("disabled")).toBe(true);

    rerender(box({ progress: { status: "done", attempts: 1, outcome: answered }, outcome: answered, picture }));
    const after = screen.getByRole("img", { name: label });
    expect(after).toBe(before);
    expect(after.getAttribute("src")).toBe("blob:cell-0");
    expect(screen.getByRole("button", { name: `Open ${label}` }).hasAttribute("disabled")).toBe(false);
    expect(screen.getByRole("button", { name: `Download ${label}` }).hasAttribute("disabled")).toBe(false);
  });

  it("says the cell is loading when no picture is known", () => {
    render(
      <GridCellBox
        cell={cell}
        view={{ progress: { status: "queued" }, outcome: null }}
        now={0}
        gridRunning={false}
        onOpen={() => undefined}
        queuedLabel="Loading…"
      />,
    );
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Loading…");
  });
});
