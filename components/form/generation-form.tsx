"use client";

import { lazy, memo, Suspense } from "react";
import { lazyModule } from "@/components/ui/lazy-module";
import { detachServerTextareas, markFormEngineLoaded, markFormEngineWanted, whenFormEngineWanted } from "./form-hydration-guard";
import type { GenerationFormProps } from "./generation-form-setup";

export { formDefaults, type GenerationFormApi } from "./generation-form-setup";

const formEngine = lazyModule(() => import("./generation-form-engine"));

/** Starts loading the form's code now: the page is interactive and painted, or the person started on it. */
export function wantFormEngine(): void {
  markFormEngineWanted();
  void formEngine.load();
}

/**
 * The form's state (react-hook-form) is not part of the first screen's scripts. The server renders
 * the whole form, filled in, within the page's first HTML; in the browser that part of the page
 * stays server HTML (native fields: typing already works) until the page is interactive and
 * painted, or the person starts on it, and then hydrates in place, keeping what was typed meanwhile.
 *
 * On the server the module is required synchronously, so the form is complete when the page's first
 * HTML is sent (a lazy component would wait a turn). React writes it in place, painted with the
 * first frame, while the page and the form stay under 12,800 bytes of HTML (hence the short class
 * names of app/ui-primitives.css); past that it would send the form after the page around it and
 * reveal it up to 300 ms after the first frame. `typeof window` is replaced at build time, so the
 * browser's bundle has only the lazy branch.
 */
const GenerationFormEngine =
  typeof window === "undefined"
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
      (require("./generation-form-engine") as typeof import("./generation-form-engine")).GenerationFormEngine
    : lazy(async () => {
        await whenFormEngineWanted();
        const { GenerationFormEngine } = await formEngine.load();
        detachServerTextareas();
        markFormEngineLoaded();
        return { default: GenerationFormEngine };
      });

/**
 * Memoized: the page above re-renders as history opens and fills, and the form (with its ratio
 * previews) has no reason to render again for that.
 */
export const GenerationForm = memo(function GenerationForm(props: GenerationFormProps) {
  return (
    // The fallback is seen where the form mounts in the browser without server HTML (after a failed
    // panel is retried), or if the page ever outgrew React's limit above and the form came after it:
    // a card of the form's usual height (without extra fields), so nothing moves.
    <Suspense fallback={<div aria-busy="true" className="min-h-[49.5rem] rounded-2xl border border-zinc-200 dark:border-zinc-800" />}>
      <GenerationFormEngine {...props} />
    </Suspense>
  );
});
