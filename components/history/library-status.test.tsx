// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LibraryStatus, LibrarySync } from "@/lib/browser/library/library-sync";
import { LibraryStatusLine } from "./library-status";
import { LibraryScope } from "./library-scope";

afterEach(cleanup);

/** A sync that only reports a status: what the line reads of it. */
const syncSaying = (status: LibraryStatus) =>
  ({ subscribe: () => () => undefined, getSnapshot: () => status, dismissProblem: vi.fn() }) as unknown as LibrarySync;

const scope = { where: "here", from: "", to: "", by: "" } as const;

describe("the library's line and scope before and after its sync starts", () => {
  it("says it is connecting while the sync has not started, in the place the status takes", () => {
    render(<LibraryStatusLine sync={null} />);
    const line = screen.getByTestId("library-status");
    expect(line.getAttribute("data-state")).toBe("starting");
    expect(line.textContent).toBe("Connecting to your library…");
  });

  it("says what the sync reports once it has started", () => {
    render(
      <LibraryStatusLine
        sync={syncSaying({ state: "synced", pending: 0, problem: null, bringIn: null, nearlyFull: null, seenChanges: 0, removedRuns: [] })}
      />,
    );
    expect(screen.getByTestId("library-status").textContent).toBe("In step with your library");
  });

  it("shows the choice of runs, not to be pressed, until the sync has started", () => {
    const onChange = vi.fn();
    const { rerender } = render(<LibraryScope scope={scope} onChange={onChange} disabled />);
    for (const name of ["This browser", "All my runs", "Team"])
      expect((screen.getByRole("radio", { name }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<LibraryScope scope={scope} onChange={onChange} />);
    fireEvent.click(screen.getByRole("radio", { name: "All my runs" }));
    expect(onChange).toHaveBeenCalledWith({ ...scope, where: "library" });
  });
});
