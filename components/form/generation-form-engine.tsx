"use client";

import { BudgetMeter } from "./budget-meter";
import { useEffect, useImperativeHandle, useRef } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";
import { formDefaults, type GenerationFormProps } from "./generation-form-setup";
import { formEngineHydrated, GENERATION_FORM_ATTRIBUTE } from "./form-hydration-guard";
import { AspectRatioField } from "./aspect-ratio-field";
import { ModelField } from "./model-field";
import { PromptField } from "./prompt-field";
import { ShareLinkButton } from "./share-link-button";
import { useGenerationResolver } from "./lazy-generation-resolver";
import { Button } from "@/components/ui/button";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import { extraFieldsText } from "@/lib/request/extra-fields-text";

/** The extra-fields editor loads only on a playground that allows extra fields. */
const extraFieldsEditor = lazyModule(() => import("./extra-fields-field"));

/** The generation form with its state: loaded after the first screen (see generation-form.tsx). */
export function GenerationFormEngine({
  apiRef,
  shared,
  models,
  promptMaxChars,
  extraFields,
  running,
  onGenerate,
  onCancel,
}: GenerationFormProps) {
  const resolver = useGenerationResolver(promptMaxChars, extraFields);
  const editor = useLazyModule(extraFieldsEditor, extraFields.mode !== "off");
  const form = useForm<GenerationRequestInput, unknown, GenerationRequest>({
    resolver,
    // Filled so a newcomer can press Generate at once; nothing is ever reset after a run.
    defaultValues: formDefaults(shared, models),
    // Validate on submit, then live while fixing: a message appearing on blur would move the
    // Generate button from under the pointer between mouse-down and mouse-up.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  // On invalid input react-hook-form focuses the first field to fix.
  const submit = form.handleSubmit(onGenerate);
  const { isSubmitting } = form.formState;

  // What was typed while this code was on its way becomes the form's (the fields show it already),
  // then the buttons pressed and a submit held meanwhile are made.
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Said on the form once it is live (before, it is the server's HTML): for tests and tools.
    formElement.current?.setAttribute(GENERATION_FORM_ATTRIBUTE, "live");
    const { typed, clicks, submitHeld } = formEngineHydrated();
    // In one setValues: with a setValue per field here, the ratio presets went on showing the
    // default (react-hook-form 7.92).
    if (typed.length > 0) form.setValues(Object.fromEntries(typed.map((field) => [field.name, field.value])), { shouldDirty: true });
    void (async () => {
      for (const button of clicks) {
        // The same buttons: hydration keeps the server's elements, now with their handlers.
        button.click();
        // Each press sees what the one before changed: its update is rendered before the next task.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      if (submitHeld) void submit();
    })();
    // Once, as the form hydrates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useImperativeHandle(apiRef, () => {
    // Re-check a field only once the person has tried to submit, as typing does.
    const options = () => ({ shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    return {
      fill: (request) => {
        form.setValue("model", request.model, options());
        form.setValue("prompt", request.prompt, options());
        form.setValue("aspect_ratio", request.aspect_ratio, options());
        form.setValue("extra", extraFieldsText(request.extra), options());
      },
      insertIntoPrompt: (text) => {
        // At the caret (replacing a selection), so a saved fragment can go into the middle of a prompt.
        const field = document.getElementById("prompt");
        const current = form.getValues("prompt");
        const [start, end] =
          field instanceof HTMLTextAreaElement ? [field.selectionStart, field.selectionEnd] : [current.length, current.length];
        form.setValue("prompt", current.slice(0, start) + text + current.slice(end), options());
        if (field instanceof HTMLTextAreaElement) {
          field.focus();
          field.setSelectionRange(start + text.length, start + text.length);
        }
      },
      currentPrompt: () => form.getValues("prompt"),
      values: () => form.getValues(),
    };
  }, [form]);

  return (
    <FormProvider {...form}>
      <form
        ref={formElement}
        {...{ [GENERATION_FORM_ATTRIBUTE]: "" }}
        noValidate
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            if (!isSubmitting) void submit();
          }
        }}
        className="flex flex-col gap-5 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <ModelField models={models} />
        <PromptField maxChars={promptMaxChars} />
        <AspectRatioField />
        {extraFields.mode !== "off" && editor && <editor.ExtraFieldsField setting={extraFields} />}
        <div className="flex items-center gap-3">
          <Button type="submit" variant="primary" size="lg" disabled={isSubmitting} className="flex-1 shadow-sm">
            {isSubmitting && (
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
            )}
            Generate
          </Button>
          {running && (
            <Button size="lg" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
        <BudgetMeter />
        <ShareLinkButton getFields={() => form.getValues()} extraAllowed={extraFields.mode !== "off"} />
        <p className="text-xs text-muted">
          <kbd className="kbd">Ctrl</kbd>/<kbd className="kbd">⌘</kbd> + <kbd className="kbd">Enter</kbd> generates ·{" "}
          <kbd className="kbd">Esc</kbd> cancels · <kbd className="kbd">?</kbd> all shortcuts
        </p>
      </form>
    </FormProvider>
  );
}
