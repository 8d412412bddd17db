"use client";

import { useState } from "react";
import { formatCount } from "@/lib/utils/format-count";
import { formatBytes } from "@/lib/utils/format-bytes";
import { copyText } from "@/lib/browser/reveal";
import { wholeText, type LongText } from "@/lib/answer/long-text";

const SHORT_LIMIT = 240;
const SHOWN_WHEN_SHORT = 120;
/** Even expanded, a multi-megabyte string is shown only up to here; Copy gets all of it. */
const EXPANDED_LIMIT = 200_000;

/**
 * A JSON string, shortened behind an expand control so a 10 MB base64 value cannot freeze the page.
 * A very long one may arrive cut already (LongText: its beginning, and the whole as a Blob).
 */
export function LongString({ value }: { value: string | LongText }) {
  const [expanded, setExpanded] = useState(false);
  const quoted = (body: string) => <span className="text-emerald-700 dark:text-emerald-400">&quot;{body}&quot;</span>;
  const text = typeof value === "string" ? value : value.head;
  const { length } = value;
  if (length <= SHORT_LIMIT) return quoted(escapeForDisplay(text));
  const visible = expanded ? text.slice(0, EXPANDED_LIMIT) : text.slice(0, SHOWN_WHEN_SHORT);
  return (
    <>
      {quoted(`${escapeForDisplay(visible)}${visible.length < length ? "…" : ""}`)}{" "}
      <button
        type="button"
        onClick={() => setExpanded(!expanded)}
        className="rounded bg-zinc-200 px-1.5 font-sans text-[11px] text-zinc-700 hover:bg-zinc-300 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700"
      >
        {expanded ? "shorten" : `show ${length > EXPANDED_LIMIT ? "more" : "all"} (${formatCount(length)} chars, ${formatBytes(length)})`}
      </button>
      <button
        type="button"
        onClick={() => void wholeText(value).then(copyText)}
        className="ml-1 rounded bg-zinc-200 px-1.5 font-sans text-[11px] text-zinc-700 hover:bg-zinc-300 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700"
      >
        copy
      </button>
    </>
  );
}

/** JSON escapes without the surrounding quotes, so control characters stay visible as text. */
function escapeForDisplay(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
