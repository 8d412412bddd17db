"use client";

import { useState } from "react";
import type { GenerationRequest } from "@/lib/request/generation-request";
import { commandUrlFor, curlSnippet, fetchSnippet } from "@/lib/request/request-snippets";
import { copyText } from "@/lib/browser/reveal";
import { useKnownEndpoints } from "@/components/ui/service-endpoints-context";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";

/**
 * The exact request as cURL or fetch, key written as $IMAGE_API_KEY, ready to paste. The command
 * names only an endpoint this playground calls: a recorded URL that is not one is shown as text.
 */
export function RequestSnippets({ url, request }: { url: string; request: GenerationRequest }) {
  const [copied, setCopied] = useState<string | null>(null);
  const command = commandUrlFor(url, useKnownEndpoints());
  const copy = async (name: string, text: string) =>
    setCopied((await copyText(text)) ? `${name} copied` : "the browser did not allow copying");
  const button = cn(buttonClass("secondary", "xs"), "font-sans");
  return (
    <span className="flex flex-col gap-1.5">
      {command.differs && (
        <span data-testid="recorded-url-note" className="font-sans text-muted">
          This run records the URL <span className="font-mono">{url || "(none)"}</span>, which is not this playground&apos;s service, so it
          is not put in a command.
          {command.url ? (
            <>
              {" "}
              The commands below call <span className="font-mono">{command.url}</span>.
            </>
          ) : (
            " This playground has no service URL to put in one."
          )}
        </span>
      )}
      {command.url !== null && (
        <span className="flex flex-wrap items-center gap-2">
          <button type="button" className={button} onClick={() => void copy("cURL", curlSnippet(command.url ?? "", request))}>
            Copy as cURL
          </button>
          <button type="button" className={button} onClick={() => void copy("fetch", fetchSnippet(command.url ?? "", request))}>
            Copy as fetch
          </button>
          {copied && (
            <span role="status" className="font-sans text-muted">
              {copied}
            </span>
          )}
        </span>
      )}
    </span>
  );
}
