"use client";

import { useEffect, useRef } from "react";

/** A <dialog> shown as a modal as soon as it mounts: focus moves into it, Esc closes it, and focus returns after. */
export function useModalDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return dialogRef;
}

/** The look shared by the small modal dialogs (confirmations, the shortcuts list). */
export const smallDialogClassName =
  "m-auto w-full rounded-2xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100";
