import type { ExtraFields } from "./extra-fields";

/** The JSON text the form shows for extra fields ("" for none); apart from the checks, which load with validation. */
export function extraFieldsText(fields: ExtraFields | undefined): string {
  return fields && Object.keys(fields).length > 0 ? JSON.stringify(fields, null, 2) : "";
}
