"use client";

import { useState } from "react";
import type { GenerationRequest } from "@/lib/request/generation-request";
import { curlSnippet, fetchSnippet } from "@/lib/request/request-snippets";
import { copyText } from "@/lib/browser/reveal";

/** The exact request as cURL or fetch, key written as $IMAGE_API_KEY, ready to paste. */
export function RequestSnippets({ url, request }: { url: string; request: GenerationRequest }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (name: string, text: string) =>
    setCopied((await copyText(text)) ? `${name} copied` : "the browser did not allow copying");
  const button =
    "rounded-lg border border-zinc-300 px-2 py-0.5 font-sans font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";
  return (
    <span className="flex flex-wrap items-center gap-2">
      <button type="button" className={button} onClick={() => void copy("cURL", curlSnippet(url, request))}>
        Copy as cURL
      </button>
      <button type="button" className={button} onClick={() => void copy("fetch", fetchSnippet(url, request))}>
        Copy as fetch
      </button>
      {copied && (
        <span role="status" className="font-sans text-muted">
          {copied}
        </span>
      )}
    </span>
  );
}
