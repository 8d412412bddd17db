// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Field } from "./field";
import { Button } from "./button";

afterEach(cleanup);

describe("Field", () => {
  it("ties the label to the control and the hint below it", () => {
    render(
      <Field id="models" label="Models" hint="Separated by commas.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Models");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Separated by commas.");
  });

  it("marks the control invalid and announces the error in the hint's place", () => {
    render(
      <Field id="ratio" label="Aspect ratio" error="Use a colon between width and height, e.g. 16:9." hint="W:H">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Aspect ratio");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("Use a colon between width and height, e.g. 16:9.");
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
    expect(screen.queryByText("W:H")).toBeNull();
  });
});

describe("Field, compact and live", () => {
  it("keeps a hidden label as the control's name, for a bar whose placeholder says what it is", () => {
    render(
      <Field id="search" label="Search prompts" hideLabel>
        {(control) => <input {...control} type="search" placeholder="Search prompts" />}
      </Field>,
    );
    const input = screen.getByRole("searchbox", { name: "Search prompts" });
    expect(document.querySelector('label[for="search"]')?.className).toBe("sr-only");
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });

  it("announces a live hint as a status, and keeps its place while it is empty", () => {
    const { rerender } = render(
      <Field id="script" label="Prompts" hint="" liveHint>
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const status = screen.getByRole("status");
    expect(screen.getByLabelText("Prompts").getAttribute("aria-describedby")).toBe(status.id);
    expect(status.textContent).toBe("");
    rerender(
      <Field id="script" label="Prompts" hint="Loaded 3 prompts." liveHint>
        {(control) => <textarea {...control} />}
      </Field>,
    );
    expect(screen.getByRole("status").textContent).toBe("Loaded 3 prompts.");
  });
});

describe("Button", () => {
  it("is a plain button by default, with its variant's classes and the caller's own", () => {
    render(
      <Button size="sm" variant="primary" className="self-start">
        Export
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Export" });
    expect(button.getAttribute("type")).toBe("button");
    // One class per variant and size (app/ui-primitives.css), then the caller's.
    expect(button.className.split(" ")).toEqual(["btn", "btn-primary", "btn-sm", "self-start"]);
  });
});
