/** Keys typed into a field belong to the field, not to the page's shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** A radio button or checkbox: a choice, where Enter may still run what the choice is for. */
export function isChoice(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && (target.type === "radio" || target.type === "checkbox");
}
