/**
 * The generation form between its server HTML and its hydration (its code, react-hook-form and the
 * fields bound to it, arrives after the first screen): when that code is wanted, and what happens
 * meanwhile to a submit (a native one would navigate away with the fields in the address) and to
 * what is typed.
 */

let wanted: () => void = () => {};
const wantedOnce = new Promise<void>((resolve) => (wanted = resolve));
let hydrated = false;
/** The form's code has arrived: React hydrates the form at once for an event on it and hands the event on. */
let engineLoaded = false;
let submitWaiting = false;
/** Buttons of the form (a ratio preset, swap, copy link) pressed before its code arrived, in order. */
const clicksWaiting: HTMLButtonElement[] = [];

/** Resolves once something asked for the form's code (the page became interactive, or the person started on it). */
export function whenFormEngineWanted(): Promise<void> {
  return wantedOnce;
}

/** Says the form's code is wanted now (see generation-form.tsx, which loads it). */
export function markFormEngineWanted(): void {
  wanted();
}

/** Says the form's code has arrived (see generation-form.tsx). */
export function markFormEngineLoaded(): void {
  engineLoaded = true;
}

/** The `data-` attribute that names the generation form's element, for the guard below. */
export const GENERATION_FORM_ATTRIBUTE = "data-generation-form";

const isGenerationForm = (target: EventTarget | null) =>
  target instanceof Element && target.closest(`[${GENERATION_FORM_ATTRIBUTE}]`) !== null;

type Typed = { value: string; caret: { start: number | null; end: number | null } };

/** What was typed into the server-rendered form's fields before it hydrated, by field id. */
const typedEarly = new Map<string, Typed>();

/**
 * Until the form has hydrated:
 * - a submit of it (Generate pressed, Enter in a field, Ctrl/⌘+Enter) is held: the native one is
 *   stopped, the code is fetched at once and the held submit is made when the form is ready;
 * - a press on one of its other buttons is held the same way and made again on the hydrated form
 *   (React does not replay a click it could not hand on);
 * - what is typed into its fields is noted as it is typed: hydrating a textarea resets it to the
 *   server's text, so the DOM alone cannot say afterwards what the person wrote.
 * Set as this module is evaluated, before React hydrates the page: the form is server HTML from
 * the first paint.
 */
function guardFormUntilHydrated(): void {
  // Once the code has arrived React itself hydrates the form for the event and hands it on: held
  // as well, it would be made twice.
  const hold = (event: Event) => {
    if (hydrated || !isGenerationForm(event.target)) return;
    if (event instanceof KeyboardEvent && !(event.key === "Enter" && (event.ctrlKey || event.metaKey))) return;
    event.preventDefault();
    if (engineLoaded) return;
    submitWaiting = true;
    wanted();
  };
  const holdClick = (event: Event) => {
    if (hydrated || engineLoaded || !isGenerationForm(event.target) || !(event.target instanceof Element)) return;
    const button = event.target.closest("button");
    // A submit button's click becomes a submit, held above.
    if (!button || button.type === "submit") return;
    event.preventDefault();
    clicksWaiting.push(button);
    wanted();
  };
  // On input, and on a caret moved without typing (selectionchange is the document's).
  const note = (event: Event) => {
    const field = event.type === "selectionchange" ? document.activeElement : event.target;
    if (hydrated || !isGenerationForm(field)) return;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !field.id) return;
    typedEarly.set(field.id, { value: field.value, caret: { start: field.selectionStart, end: field.selectionEnd } });
  };
  document.addEventListener("submit", hold, true);
  document.addEventListener("click", holdClick, true);
  document.addEventListener("keydown", hold, true);
  document.addEventListener("input", note, true);
  document.addEventListener("selectionchange", note, true);
}

if (typeof document !== "undefined") guardFormUntilHydrated();

/**
 * Called just before the form hydrates. Hydrating a textarea writes its text again, and a textarea
 * nobody has typed in follows its text: its selection would be reset under the person (a "select
 * all" made to type over would be lost, and the typing would land before the old text). Setting
 * each textarea's value to itself marks it as edited, so it no longer follows its text.
 */
export function detachServerTextareas(): void {
  for (const textarea of document.querySelectorAll<HTMLTextAreaElement>(`[${GENERATION_FORM_ATTRIBUTE}] textarea`)) {
    textarea.value = textarea.value;
  }
}

/** What was typed into the field with this id before the form hydrated, if anything. */
export function typedBeforeHydration(id: string): Typed | undefined {
  return hydrated ? undefined : typedEarly.get(id);
}

export type TypedFieldName = "model" | "prompt" | "aspect_ratio";
const toApply: { name: TypedFieldName; value: string }[] = [];

/**
 * A typed value the hydrating form must take into its state. Put back into the field at once by
 * the field itself, it reaches react-hook-form in the form's first effect, once the fields that
 * watch it (the character counter, the ratio presets) listen.
 */
export function applyWhenHydrated(name: TypedFieldName, value: string): void {
  toApply.push({ name, value });
}

/**
 * Called by the hydrated form: what was typed before, to take in, the buttons pressed meanwhile, to
 * press again, and whether a submit was held for it (now its to make).
 */
export function formEngineHydrated(): {
  typed: { name: TypedFieldName; value: string }[];
  clicks: HTMLButtonElement[];
  submitHeld: boolean;
} {
  hydrated = true;
  typedEarly.clear();
  const held = { typed: toApply.splice(0), clicks: clicksWaiting.splice(0), submitHeld: submitWaiting };
  submitWaiting = false;
  return held;
}
