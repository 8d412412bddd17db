/** JSON paths as a person reads them: $.data[0].b64_json, $["odd key"]. */

export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function formatJsonPath(segments: readonly PathSegment[]): string {
  let path = "$";
  for (const segment of segments) {
    if (typeof segment === "number") path += `[${segment}]`;
    else if (segment === JSON_IN_STRING) path += "(json)";
    else if (IDENTIFIER.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}

/** Marks the step from a string to the JSON encoded inside it. */
export const JSON_IN_STRING = "\u0000json";

/** A stable DOM id for a node of the raw view (within one answer's scope), so an image label can link to it. */
export function jsonNodeId(path: string, scope = "answer"): string {
  let hash = 0;
  for (let i = 0; i < path.length; i++) hash = (Math.imul(hash, 31) + path.charCodeAt(i)) | 0;
  return `${scope}-json-${(hash >>> 0).toString(36)}`;
}
