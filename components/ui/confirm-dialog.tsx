"use client";

import { smallDialogClassName, useModalDialog } from "./use-modal-dialog";
import { buttonClass } from "./button";

type ConfirmDialogProps = {
  title: string;
  body: string;
  confirmLabel: string;
  tone?: "danger" | "primary";
  onConfirm: () => void;
  onClose: () => void;
};

/** A modal question with one answer that acts; Esc or "Keep" / "Not now" leaves everything as it was. */
export function ConfirmDialog({ title, body, confirmLabel, tone = "danger", onConfirm, onClose }: ConfirmDialogProps) {
  const dialogRef = useModalDialog();
  return (
    <dialog ref={dialogRef} aria-label={title} onClose={onClose} className={`${smallDialogClassName} max-w-sm`}>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mt-2 text-sm text-muted">{body}</p>
      <div className="mt-4 flex justify-end gap-2">
        {/* The safe answer has focus, so Enter never destroys anything by accident. */}
        <button type="button" autoFocus onClick={() => dialogRef.current?.close()} className={buttonClass()}>
          {tone === "danger" ? "Keep" : "Not now"}
        </button>
        <button
          type="button"
          onClick={() => {
            onConfirm();
            dialogRef.current?.close();
          }}
          className={`rounded-lg px-3 py-1.5 text-sm font-semibold text-white ${tone === "danger" ? "bg-red-600 hover:bg-red-700" : "bg-accent-600 hover:bg-accent-700"}`}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
