// Apart from the panel boundary: the page's own error screen (app/error.tsx) is part of the first
// screen's code and needs only this.

/** The first sentence of an error message, short enough to read at a glance. */
export function oneSentence(message: string): string {
  const first = message.split(/(?<=[.!?])\s/, 1)[0]?.trim() ?? "";
  const text = first === "" ? "Something in it went wrong." : first;
  return text.length > 200 ? `${text.slice(0, 199)}…` : /[.!?…]$/.test(text) ? text : `${text}.`;
}
