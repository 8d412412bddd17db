"use client";

import { useState } from "react";
import type { GenerationRequestInput } from "@/lib/request/generation-request";
import { shareLinkFor } from "@/lib/request/share-link";
import { copyText } from "@/lib/browser/reveal";
import { buttonClass } from "@/components/ui/button";

const extraText = (extra: unknown) => (typeof extra === "string" ? extra.trim() : extra === undefined ? "" : JSON.stringify(extra));

/**
 * Copies a link that fills the form with what it holds now (model, prompt, ratio; nothing secret).
 * Extra fields travel only when the person ticks the box: a seed is a choice to share, not a default.
 */
export function ShareLinkButton({ getFields, extraAllowed }: { getFields: () => GenerationRequestInput; extraAllowed: boolean }) {
  const [message, setMessage] = useState<string | null>(null);
  const [withExtra, setWithExtra] = useState(false);
  const copy = async () => {
    const fields = getFields();
    const extra = withExtra ? extraText(fields.extra) : "";
    const link = shareLinkFor(window.location.href, {
      model: fields.model,
      prompt: fields.prompt,
      aspect_ratio: fields.aspect_ratio,
      ...(extra ? { extra } : {}),
    });
    setMessage((await copyText(link)) ? "Link copied: it fills the form, it does not run." : link);
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <button type="button" onClick={() => void copy()} className={buttonClass("secondary", "sm")}>
        Copy link
      </button>
      {extraAllowed && (
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={withExtra} onChange={(event) => setWithExtra(event.target.checked)} />
          Include extra fields
        </label>
      )}
      {message && (
        <span role="status" className="min-w-0 break-all text-muted">
          {message}
        </span>
      )}
    </div>
  );
}
