/** Reads one property of a parsed JSON value without trusting its shape (no casts, no prototype keys). */
export function jsonProperty(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return Object.getOwnPropertyDescriptor(value, key)?.value;
}

/** The property when it is a string; otherwise undefined. */
export function jsonString(value: unknown, key: string): string | undefined {
  const property = jsonProperty(value, key);
  return typeof property === "string" ? property : undefined;
}

/** JSON.parse that answers undefined instead of throwing. */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
