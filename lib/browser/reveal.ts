"use client";

/** Scrolls an element of the page into view and highlights it for a moment. */
export function revealElement(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior: "smooth", block: "center" });
  element.classList.add("json-node-target");
  window.setTimeout(() => element.classList.remove("json-node-target"), 2000);
  return true;
}

/** Copies text, answering whether the browser let us (it may refuse outside a secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
