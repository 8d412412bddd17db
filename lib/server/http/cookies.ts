/** One cookie's value from a Cookie header (the first of that name), undefined when absent. */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const trimmed = part.trim();
    const equals = trimmed.indexOf("=");
    if (equals !== -1 && trimmed.slice(0, equals) === name) return trimmed.slice(equals + 1);
  }
  return undefined;
}
