// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PanelBoundary } from "./panel-boundary";
import { oneSentence } from "./one-sentence";

afterEach(cleanup);

let failing = true;
function Fragile({ label }: { label: string }) {
  if (failing) throw new Error(`Cannot read properties of undefined (reading 'url'). More detail nobody needs.`);
  return <p>{label} shown</p>;
}

describe("PanelBoundary", () => {
  it("contains a throwing panel: one sentence, the raw answer, and the rest of the page goes on", () => {
    failing = true;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <main>
        <p>The form stays</p>
        <PanelBoundary panel="The answer view" raw={() => '{"data":[{"url":null}]}'}>
          <Fragile label="answer" />
        </PanelBoundary>
        <PanelBoundary panel="The history">
          <p>History shown</p>
        </PanelBoundary>
      </main>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("The answer view could not be shown.");
    expect(alert.textContent).toContain("Cannot read properties of undefined (reading 'url').");
    expect(alert.textContent).not.toContain("More detail nobody needs");
    expect(alert.textContent).toContain('{"data":[{"url":null}]}');
    expect(screen.getByText("The form stays")).toBeTruthy();
    expect(screen.getByText("History shown")).toBeTruthy();
  });

  it("retries the panel alone, from nothing", () => {
    failing = true;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <PanelBoundary panel="Cell 3">
        <Fragile label="cell" />
      </PanelBoundary>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Cell 3 could not be shown.");
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry this panel" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("cell shown")).toBeTruthy();
  });

  it("says one short sentence whatever the message", () => {
    expect(oneSentence("")).toBe("Something in it went wrong.");
    expect(oneSentence("no full stop")).toBe("no full stop.");
    expect(oneSentence("x".repeat(500))).toHaveLength(200);
  });
});
