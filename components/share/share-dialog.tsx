"use client";

import { useId, useState } from "react";
import { copyText } from "@/lib/browser/reveal";
import { createShare, stopSharing, type ShareExpiry, type ShareSource } from "@/lib/browser/share/share-client";
import { madeShares, shareUrl, type MadeShare } from "@/lib/browser/share/made-shares";
import { smallDialogClassName, useModalDialog } from "@/components/ui/use-modal-dialog";
import { buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { inputClassName } from "@/components/ui/field-message";
import { cn } from "@/lib/utils/cn";

const EXPIRY_CHOICES: { value: ShareExpiry; label: string }[] = [
  { value: "never", label: "Never" },
  { value: "1", label: "1 day" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
];

type Step =
  | { kind: "choose" }
  | { kind: "sharing" }
  | { kind: "shared"; share: MadeShare; note: string | null }
  | { kind: "stopping"; share: MadeShare }
  | { kind: "stopped" };

const secondaryButton = buttonClass("secondary");
const primaryButton = buttonClass("primary");

export type ShareTarget = {
  /** Under which key this browser remembers the share (see shareKeyOfGrid). */
  key: string;
  noun: "result" | "grid";
  /** The run or the grid's saved cells, read when sharing; null when history no longer has them. */
  load: () => Promise<ShareSource | null>;
};

/**
 * Shares a run or a grid as a page of its own: choose how long the link lives, get the link (the
 * same one if this browser shared it before), copy it, or stop sharing.
 */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const title = target.noun === "grid" ? "Share grid" : "Share result";
  const dialogRef = useModalDialog();
  const linkId = useId();
  const [expires, setExpires] = useState<ShareExpiry>("never");
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>(() => {
    const existing = madeShares()[target.key];
    return existing ? { kind: "shared", share: existing, note: "Already shared from this browser: this is its link." } : { kind: "choose" };
  });

  const share = async () => {
    setError(null);
    setStep({ kind: "sharing" });
    const source = await target.load();
    if (!source) {
      setError(`This ${target.noun === "grid" ? "grid" : "run"} is no longer in history, so it cannot be shared.`);
      setStep({ kind: "choose" });
      return;
    }
    const result = await createShare(source, expires);
    if (!result.ok) {
      setError(result.message);
      setStep({ kind: "choose" });
      return;
    }
    const copied = await copyText(shareUrl(result.share));
    setStep({ kind: "shared", share: result.share, note: copied ? "Link copied." : null });
  };

  const stop = async (current: MadeShare) => {
    setError(null);
    setStep({ kind: "stopping", share: current });
    const result = await stopSharing(target.key, current);
    if (!result.ok) {
      setError(result.message);
      setStep({ kind: "shared", share: current, note: null });
      return;
    }
    setStep({ kind: "stopped" });
  };

  return (
    <dialog ref={dialogRef} aria-label={title} onClose={onClose} className={`${smallDialogClassName} max-w-lg`}>
      <h2 className="text-base font-semibold">{title}</h2>
      {(step.kind === "choose" || step.kind === "sharing") && (
        <>
          <p className="mt-2 text-sm text-muted">
            Anyone who can open the playground can open the link: the images, the prompt and the exchange with the service (the key stays
            masked). Nothing is run again.
          </p>
          <fieldset className="mt-4" disabled={step.kind === "sharing"}>
            <legend className="text-sm font-medium">Link expires</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {EXPIRY_CHOICES.map((choice) => (
                <label
                  key={choice.value}
                  className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-zinc-300 px-2.5 py-1 text-sm has-checked:border-accent-500 has-checked:bg-accent-50 dark:border-zinc-700 dark:has-checked:bg-accent-500/10"
                >
                  <input
                    type="radio"
                    name="share-expiry"
                    value={choice.value}
                    checked={expires === choice.value}
                    onChange={() => setExpires(choice.value)}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
      {(step.kind === "shared" || step.kind === "stopping") && (
        <Field
          id={linkId}
          label="Shared link"
          liveHint
          className="mt-3"
          hint={`${step.kind === "shared" && step.note ? `${step.note} ` : ""}${
            step.share.expiresAt
              ? `It stops working on ${new Date(step.share.expiresAt).toLocaleString()}.`
              : "It works until you stop sharing."
          }`}
        >
          {(control) => (
            <div className="flex gap-2">
              <input
                {...control}
                readOnly
                value={shareUrl(step.share)}
                onFocus={(event) => event.currentTarget.select()}
                className={cn(inputClassName, "min-w-0 flex-1 bg-zinc-50 font-mono text-xs dark:bg-zinc-950")}
              />
              <button
                type="button"
                className={secondaryButton}
                onClick={() =>
                  void copyText(shareUrl(step.share)).then((copied) =>
                    setStep({
                      ...step,
                      kind: "shared",
                      note: copied ? "Link copied." : "Copying was refused: select the link and copy it.",
                    }),
                  )
                }
              >
                Copy
              </button>
            </div>
          )}
        </Field>
      )}
      {step.kind === "stopped" && (
        <p className="mt-3 text-sm" role="status">
          Sharing stopped: the link now leads nowhere and its images were deleted from the server.
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-2.5 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-200">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {(step.kind === "shared" || step.kind === "stopping") && (
          <>
            <button type="button" className={secondaryButton} disabled={step.kind === "stopping"} onClick={() => void stop(step.share)}>
              {step.kind === "stopping" ? "Stopping…" : "Stop sharing"}
            </button>
            <a href={step.share.path} target="_blank" rel="noopener" className={secondaryButton}>
              Open
            </a>
          </>
        )}
        <button type="button" className={secondaryButton} onClick={() => dialogRef.current?.close()}>
          Close
        </button>
        {(step.kind === "choose" || step.kind === "sharing") && (
          <button type="button" autoFocus className={primaryButton} disabled={step.kind === "sharing"} onClick={() => void share()}>
            {step.kind === "sharing" ? "Sharing…" : "Share"}
          </button>
        )}
      </div>
    </dialog>
  );
}
