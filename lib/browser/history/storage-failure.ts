/** Why the browser's storage refused: said in plain words, because generation goes on without it. */

export type StorageFailure = { kind: "quota" | "unavailable" | "error"; message: string };

export function describeStorageFailure(error: unknown): StorageFailure {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  const detail = error instanceof Error && error.message ? ` (${error.message})` : "";
  if (name === "QuotaExceededError") {
    return { kind: "quota", message: "The browser's storage for this page is full. Delete or export older runs to make room." };
  }
  if (name === "SecurityError" || name === "InvalidStateError" || name === "UnknownError") {
    return {
      kind: "unavailable",
      message: `The browser does not allow saving here (private window, blocked storage or another tab)${detail}. Generation still works; runs are not kept.`,
    };
  }
  return { kind: "error", message: `The browser's storage failed${detail}.` };
}
