// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FormProvider, useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ExtraFieldsSetting } from "@/lib/request/extra-fields";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";
import { ExtraFieldsField } from "./extra-fields-field";
import { generationResolver } from "./generation-validation";

afterEach(cleanup);

/** The editor in a form validated by the shared schema, as the generation form has it. */
function Harness({
  setting,
  onSubmit,
  extra = "",
}: {
  setting: Exclude<ExtraFieldsSetting, { mode: "off" }>;
  onSubmit: (request: GenerationRequest) => void;
  extra?: string;
}) {
  const form = useForm<GenerationRequestInput, unknown, GenerationRequest>({
    resolver: generationResolver(100, setting),
    defaultValues: { model: "m", prompt: "a fox", aspect_ratio: "1:1", extra },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)}>
        <ExtraFieldsField setting={setting} />
        <button type="submit">Generate</button>
      </form>
    </FormProvider>
  );
}

const textarea = () => screen.getByLabelText("Extra fields") as HTMLTextAreaElement;

describe("ExtraFieldsField", () => {
  it("edits one JSON object from the allowed names' rows: numbers stay numbers, an emptied row is not sent", async () => {
    const onSubmit = vi.fn();
    render(<Harness setting={{ mode: "list", names: ["seed", "style"] }} onSubmit={onSubmit} />);
    expect(screen.getByText("none: only the three fields are sent")).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "seed" }), { target: { value: "42" } });
    fireEvent.change(screen.getByRole("textbox", { name: "style" }), { target: { value: "vivid" } });
    expect(JSON.parse(textarea().value)).toEqual({ seed: 42, style: "vivid" });
    expect(screen.getByText("2 sent")).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "style" }), { target: { value: "" } });
    expect(JSON.parse(textarea().value)).toEqual({ seed: 42 });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate" })));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ model: "m", extra: { seed: 42 } });
  });

  it("keeps the rows read-only while the JSON is not an object, and says what is wrong on submit", async () => {
    const onSubmit = vi.fn();
    render(<Harness setting={{ mode: "list", names: ["seed"] }} onSubmit={onSubmit} extra='{"seed": 4' />);
    expect((screen.getByRole("textbox", { name: "seed" }) as HTMLInputElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate" })));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(textarea().getAttribute("aria-invalid")).toBe("true"));
    const message = document.getElementById("extra-message")?.textContent ?? "";
    expect(message).toMatch(/JSON/);
    // Fixed, the message goes as the person types (validation is live after the first submit).
    fireEvent.change(textarea(), { target: { value: '{"seed": 4}' } });
    await waitFor(() => expect(textarea().getAttribute("aria-invalid")).toBeNull());
    expect((screen.getByRole("textbox", { name: "seed" }) as HTMLInputElement).value).toBe("4");
  });

  it("refuses a name the server does not allow, naming it", async () => {
    const onSubmit = vi.fn();
    render(<Harness setting={{ mode: "list", names: ["seed"] }} onSubmit={onSubmit} extra='{"steps": 30}' />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate" })));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(document.getElementById("extra-message")?.textContent).toMatch(/steps/));
  });

  it("with any name allowed, shows no rows and says which names are reserved", () => {
    render(<Harness setting={{ mode: "any" }} onSubmit={() => undefined} />);
    expect(screen.queryByRole("group", { name: "Allowed extra fields" })).toBeNull();
    expect(document.getElementById("extra-message")?.textContent).toMatch(/model, prompt and aspect_ratio/);
  });
});
