"use client";

import { useState } from "react";
import { copyText } from "@/lib/browser/reveal";
import type { SavedPrompt } from "@/lib/history/history-types";
import { formatScript, oneLine, parseScript, type ScriptItem } from "@/lib/request/presenter-script";
import { presenterLinkFor } from "@/lib/request/share-link";
import { Button } from "@/components/ui/button";
import { inputClassName } from "@/components/ui/field-message";
import { Field } from "@/components/ui/field";
import { cn } from "@/lib/utils/cn";
import { smallDialogClassName, useModalDialog } from "@/components/ui/use-modal-dialog";

type PresenterScriptDialogProps = {
  current: readonly ScriptItem[] | null;
  libraryPrompts: readonly SavedPrompt[];
  onLoad: (items: ScriptItem[]) => void;
  onClear: () => void;
  onClose: () => void;
};

/** Prepared prompts for a demo: pasted one per line, or taken from the prompt library. */
export function PresenterScriptDialog({ current, libraryPrompts, onLoad, onClear, onClose }: PresenterScriptDialogProps) {
  const dialogRef = useModalDialog();
  const [text, setText] = useState(() => (current ? formatScript(current) : ""));
  const [message, setMessage] = useState<string | null>(null);
  const close = () => dialogRef.current?.close();

  const load = () => {
    const parsed = parseScript(text);
    if (!parsed.ok) return setMessage(parsed.message);
    onLoad(parsed.items);
    close();
  };

  const copyLink = async () => {
    const parsed = parseScript(text);
    if (!parsed.ok) return setMessage(parsed.message);
    const copied = await copyText(presenterLinkFor(window.location.origin, formatScript(parsed.items)));
    setMessage(
      copied
        ? "Link copied: it opens presenter mode at the first prompt, and runs nothing by itself."
        : "The browser did not allow copying.",
    );
  };

  return (
    <dialog ref={dialogRef} aria-label="Script" onClose={onClose} className={`${smallDialogClassName} max-w-2xl`}>
      <h2 className="text-lg font-semibold">Script</h2>
      <p className="mt-1 text-sm text-muted">
        One prompt per line, optionally followed by a model and a ratio:{" "}
        <code className="font-mono">a heron at dawn | demo-watercolor | 16:9</code>. → fills the next prompt, Enter runs it.
      </p>
      <Field id="presenter-script" label="Prompts" hint={message} liveHint className="mt-3">
        {(control) => (
          <textarea
            {...control}
            rows={8}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className={cn(inputClassName, "font-mono")}
          />
        )}
      </Field>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button variant="primary" onClick={load}>
          Load script
        </Button>
        <Button
          disabled={libraryPrompts.length === 0}
          onClick={() => setText(libraryPrompts.map((prompt) => oneLine(prompt.text)).join("\n"))}
          title={libraryPrompts.length === 0 ? "The prompt library is empty" : undefined}
        >
          Use the prompt library ({libraryPrompts.length})
        </Button>
        <Button onClick={() => void copyLink()}>Copy presenter link</Button>
        {current && (
          <Button
            variant="danger"
            onClick={() => {
              onClear();
              close();
            }}
          >
            Clear script
          </Button>
        )}
        <Button className="ml-auto" onClick={close}>
          Cancel
        </Button>
      </div>
    </dialog>
  );
}
