// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from "vitest";

/** The moment between the form's server HTML and its hydration (see form-hydration-guard.ts). */

type Guard = typeof import("./form-hydration-guard");

const SERVER_FORM = `
  <form data-generation-form="">
    <input id="aspect-ratio" name="aspect_ratio" value="1:1">
    <textarea id="prompt" name="prompt">A lighthouse</textarea>
    <textarea id="notes">Server text</textarea>
    <button type="submit">Generate</button>
  </form>
  <form id="other"><input id="elsewhere"><textarea id="outside">Server text</textarea><button type="submit">Search</button></form>`;

let guard: Guard;
beforeAll(async () => {
  // Imported once, as the page evaluates it once: its listeners are set then. The tests below
  // follow one page from its server HTML to the form's hydration, in order.
  document.body.innerHTML = SERVER_FORM;
  guard = await import("./form-hydration-guard");
});

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const type = (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
};
const submit = (form: HTMLFormElement) => {
  const event = new Event("submit", { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return event;
};

describe("the generation form before it hydrates", () => {
  it("notes what is typed into its fields, caret included, and nothing typed elsewhere", () => {
    const prompt = byId<HTMLTextAreaElement>("prompt");
    type(prompt, "a fox in snow");
    expect(guard.typedBeforeHydration("prompt")).toEqual({ value: "a fox in snow", caret: { start: 13, end: 13 } });
    // A caret moved without typing is noted for the field that has the focus.
    prompt.setSelectionRange(2, 5);
    document.dispatchEvent(new Event("selectionchange"));
    expect(guard.typedBeforeHydration("prompt")?.caret).toEqual({ start: 13, end: 13 });
    prompt.focus();
    document.dispatchEvent(new Event("selectionchange"));
    expect(guard.typedBeforeHydration("prompt")).toEqual({ value: "a fox in snow", caret: { start: 2, end: 5 } });
    type(byId<HTMLInputElement>("elsewhere"), "not ours");
    expect(guard.typedBeforeHydration("elsewhere")).toBeUndefined();
  });

  it("a textarea detached from its text keeps its value and selection when hydration writes the text again", () => {
    const notes = byId<HTMLTextAreaElement>("notes");
    const outside = byId<HTMLTextAreaElement>("outside");
    for (const textarea of [notes, outside]) textarea.setSelectionRange(0, 11);
    guard.detachServerTextareas();
    // What React does to a textarea as it hydrates it: its text written again, then something else.
    for (const textarea of [notes, outside]) {
      textarea.defaultValue = "Server text";
      textarea.defaultValue = "Other text";
    }
    expect(notes.value).toBe("Server text");
    expect([notes.selectionStart, notes.selectionEnd]).toEqual([0, 11]);
    // Outside the generation form nothing is detached: the textarea follows its text.
    expect(outside.value).toBe("Other text");
  });

  it("holds a submit (and Ctrl/⌘+Enter), asks for the form's code, and hands the held submit over once", async () => {
    const form = document.querySelector<HTMLFormElement>("[data-generation-form]")!;
    let wanted = false;
    void guard.whenFormEngineWanted().then(() => (wanted = true));
    expect(submit(form).defaultPrevented).toBe(true);
    const ctrlEnter = new KeyboardEvent("keydown", { key: "Enter", ctrlKey: true, bubbles: true, cancelable: true });
    byId("prompt").dispatchEvent(ctrlEnter);
    expect(ctrlEnter.defaultPrevented).toBe(true);
    const plainKey = new KeyboardEvent("keydown", { key: "a", bubbles: true, cancelable: true });
    byId("prompt").dispatchEvent(plainKey);
    expect(plainKey.defaultPrevented).toBe(false);
    // Another form on the page is none of its business.
    expect(submit(byId<HTMLFormElement>("other")).defaultPrevented).toBe(false);
    await Promise.resolve();
    expect(wanted).toBe(true);

    type(byId<HTMLInputElement>("aspect-ratio"), "4:3");
    guard.applyWhenHydrated("aspect_ratio", "4:3");
    expect(guard.formEngineHydrated()).toEqual({ typed: [{ name: "aspect_ratio", value: "4:3" }], clicks: [], submitHeld: true });
    // Hydrated: the form's own handlers decide; nothing is held or noted any more.
    expect(submit(form).defaultPrevented).toBe(false);
    expect(guard.typedBeforeHydration("aspect-ratio")).toBeUndefined();
    expect(guard.formEngineHydrated()).toEqual({ typed: [], clicks: [], submitHeld: false });
  });
});
