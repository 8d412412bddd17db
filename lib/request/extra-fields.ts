/**
 * Request fields beyond the three the interface names (`seed`, `n`, `negative_prompt`…), opt-in per
 * server with IMAGE_EXTRA_FIELDS. The same rules hold in the form and in the route: a JSON object of
 * at most 4 KB and 5 levels, no key that could reach an object's prototype, never `model`, `prompt`
 * or `aspect_ratio`, and only the allowed names. They only ever join the request body.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type ExtraFields = { [key: string]: JsonValue };

export type ExtraFieldsSetting = { mode: "off" } | { mode: "any" } | { mode: "list"; names: string[] };

export const EXTRA_FIELDS_OFF: ExtraFieldsSetting = { mode: "off" };
export const EXTRA_FIELDS_MAX_BYTES = 4096;
export const EXTRA_FIELDS_MAX_DEPTH = 5;

const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const OWN_FIELDS = new Set(["model", "prompt", "aspect_ratio"]);
const FIELD_NAME = /^[A-Za-z_][\w.-]{0,63}$/;

/** "off" (or nothing), "any", or a comma-separated allow-list; null when the text is none of these. */
export function parseExtraFieldsSetting(text: string | undefined): ExtraFieldsSetting | null {
  const trimmed = (text ?? "").trim();
  if (trimmed === "" || trimmed.toLowerCase() === "off") return EXTRA_FIELDS_OFF;
  if (trimmed.toLowerCase() === "any") return { mode: "any" };
  const names = [...new Set(trimmed.split(",").map((name) => name.trim()))].filter(Boolean);
  if (names.length === 0 || !names.every((name) => FIELD_NAME.test(name) && !PROTOTYPE_KEYS.has(name) && !OWN_FIELDS.has(name))) {
    return null;
  }
  return { mode: "list", names };
}

export type ExtraFieldsCheck = { ok: true; fields: ExtraFields | undefined } | { ok: false; message: string };

const fail = (message: string): ExtraFieldsCheck => ({ ok: false, message });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The deepest nesting of objects and arrays (the object itself is level 1), and any prototype key at any depth. */
function inspect(root: Record<string, unknown>): { depth: number; prototypeKey: string | null } {
  let depth = 0;
  const stack: { value: unknown; level: number }[] = [{ value: root, level: 1 }];
  while (stack.length > 0) {
    const { value, level } = stack.pop() as { value: unknown; level: number };
    if (typeof value !== "object" || value === null) continue;
    depth = Math.max(depth, level);
    // A deeper structure is refused anyway: no need to walk the rest of a hostile one.
    if (depth > EXTRA_FIELDS_MAX_DEPTH) return { depth, prototypeKey: null };
    for (const key of Array.isArray(value) ? [] : Object.keys(value)) if (PROTOTYPE_KEYS.has(key)) return { depth, prototypeKey: key };
    for (const child of Object.values(value)) stack.push({ value: child, level: level + 1 });
  }
  return { depth, prototypeKey: null };
}

function describeAllowed(setting: ExtraFieldsSetting): string {
  return setting.mode === "list" ? setting.names.join(", ") : "";
}

/**
 * Checks extra fields as the form holds them (JSON text) or as the route receives them (an object).
 * Nothing, an empty text and an empty object all mean "none".
 */
export function checkExtraFields(input: unknown, setting: ExtraFieldsSetting): ExtraFieldsCheck {
  let value = input;
  if (value === undefined || value === null) return { ok: true, fields: undefined };
  if (typeof value === "string") {
    if (value.trim() === "") return { ok: true, fields: undefined };
    // Characters first (UTF-8 never has fewer bytes than UTF-16 units): no copy of a huge text is made.
    if (value.length > EXTRA_FIELDS_MAX_BYTES * 4 || new TextEncoder().encode(value).length > EXTRA_FIELDS_MAX_BYTES * 4)
      return fail(`Extra fields can take at most ${EXTRA_FIELDS_MAX_BYTES} bytes of JSON.`);
    try {
      value = JSON.parse(value);
    } catch (error) {
      return fail(`Extra fields must be a JSON object, e.g. {"seed": 42}. ${error instanceof Error ? error.message : ""}`.trim());
    }
  }
  if (!isPlainObject(value)) return fail('Extra fields must be a JSON object, e.g. {"seed": 42}.');
  const names = Object.keys(value);
  if (names.length === 0) return { ok: true, fields: undefined };
  if (setting.mode === "off") {
    return fail("This playground sends only model, prompt and aspect_ratio: extra fields are off (IMAGE_EXTRA_FIELDS).");
  }
  const { depth, prototypeKey } = inspect(value);
  if (prototypeKey) return fail(`Extra fields cannot use the key "${prototypeKey}".`);
  if (depth > EXTRA_FIELDS_MAX_DEPTH) return fail(`Extra fields can be nested at most ${EXTRA_FIELDS_MAX_DEPTH} levels deep.`);
  const own = names.filter((name) => OWN_FIELDS.has(name));
  if (own.length > 0) return fail(`Extra fields cannot set ${own.join(", ")}: use the form's own field for that.`);
  if (setting.mode === "list") {
    const refused = names.filter((name) => !setting.names.includes(name));
    if (refused.length > 0) {
      return fail(
        `${refused.map((name) => `"${name}"`).join(", ")} ${refused.length === 1 ? "is" : "are"} not allowed here. Allowed extra fields: ${describeAllowed(setting)}.`,
      );
    }
  }
  const text = JSON.stringify(value);
  if (new TextEncoder().encode(text).length > EXTRA_FIELDS_MAX_BYTES)
    return fail(`Extra fields can take at most ${EXTRA_FIELDS_MAX_BYTES} bytes of JSON.`);
  // A fresh copy through JSON: plain data only, nothing the caller could still change.
  return { ok: true, fields: JSON.parse(text) as ExtraFields };
}
