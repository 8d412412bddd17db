"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useHistoryState, type HistoryApi } from "@/components/history/use-history";
import { ShortcutsDialog, type Shortcut } from "@/components/shortcuts-dialog";
import { isChoice, isTyping } from "@/components/ui/is-typing";
import { makeGenerationRequestSchema } from "@/lib/request/generation-request";
import type { ScriptItem } from "@/lib/request/presenter-script";
import type { PublicServiceInfo } from "@/lib/request/service-info";
import { PresenterControls, type PresenterFields } from "./presenter-controls";
import { PresenterScriptDialog } from "./presenter-script-dialog";
import { PresenterStage } from "./presenter-stage";
import { usePresenterRuns } from "./use-presenter-runs";
import { startingScript, usePresenterScript } from "./use-presenter-script";

export type PresenterProps = {
  models: string[];
  promptMaxChars: number;
  service: PublicServiceInfo;
  history: HistoryApi;
  /** What the playground's form held: presenting starts from it. */
  initial: PresenterFields;
  /** A script carried by the link that opened the page. */
  scriptFromLink?: string;
  onExit: (fields: PresenterFields) => void;
};

const PRESENTER_SHORTCUTS: Shortcut[] = [
  ["Enter", "Generate (Shift+Enter: new line in the prompt)"],
  ["← →", "Previous / next prompt of the script, or result of this session"],
  ["D", "Show or hide the service's own words after a failure"],
  ["F", "Full screen on or off"],
  ["?", "Show or hide this list"],
  ["Esc", "Leave presenter mode"],
];

const fillFrom = (fields: PresenterFields, item: ScriptItem): PresenterFields => ({
  prompt: item.prompt,
  model: item.model ?? fields.model,
  aspect_ratio: item.aspect_ratio ?? fields.aspect_ratio,
});

/** A screen for showing an image model to a room: big prompt, big choices, the result filling the screen. */
export default function Presenter({ models, promptMaxChars, service, history, initial, scriptFromLink, onExit }: PresenterProps) {
  const [start] = useState(() => startingScript(scriptFromLink));
  const [fields, setFields] = useState<PresenterFields>(() => {
    const item = start.script?.items[start.script.position];
    return item ? fillFrom(initial, item) : initial;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"keys" | "script" | null>(null);
  const [showDetail, setShowDetail] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const fill = useCallback((item: ScriptItem) => {
    setFields((previous) => fillFrom(previous, item));
    setProblem(null);
  }, []);
  const script = usePresenterScript(start, fill);
  const runs = usePresenterRuns(history, service.demoModels);
  const libraryPrompts = useHistoryState(history, (state) => state.prompts);
  const schema = useMemo(() => makeGenerationRequestSchema({ promptMaxChars }), [promptMaxChars]);
  const position = script.script?.position ?? null;

  // With a script the keys step through it, so the screen has the focus; without one, the prompt.
  useEffect(() => {
    if (start.script) mainRef.current?.focus();
    else document.getElementById("presenter-prompt")?.focus();
  }, [start.script]);

  // The link's script is stored now: without it in the address, a reload keeps the presenter's place.
  useEffect(() => {
    if (scriptFromLink === undefined) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("script");
    window.history.replaceState(window.history.state, "", url);
  }, [scriptFromLink]);

  const { generate: runRequest, step: stepResults, showForScriptItem } = runs;
  const { script: loadedScript, step: stepScript } = script;

  const generate = useCallback(() => {
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "This request is not valid.");
      return;
    }
    setProblem(null);
    setShowDetail(false);
    void runRequest(parsed.data, position);
  }, [schema, fields, runRequest, position]);

  const step = useCallback(
    (delta: number) => {
      if (!loadedScript) return stepResults(delta);
      const reached = stepScript(delta);
      if (reached !== null) showForScriptItem(reached);
    },
    [loadedScript, stepScript, stepResults, showForScriptItem],
  );

  const exit = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    onExit(fields);
  }, [onExit, fields]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // An open dialog has the keys (Esc closes it, not presenter mode).
      if (document.querySelector("dialog[open]") || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "Escape") return exit();
      // Keys typed into a text field are the field's; on a model or ratio choice, Enter still runs.
      if (isTyping(event.target) && !(event.key === "Enter" && isChoice(event.target))) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (event.key === "Enter" && !target?.closest("button, a, summary")) {
        event.preventDefault();
        generate();
      } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        event.preventDefault();
        step(event.key === "ArrowRight" ? 1 : -1);
      } else if (event.key === "f" || event.key === "F") {
        toggleFullScreen();
      } else if (event.key === "d" || event.key === "D") {
        setShowDetail((shown) => !shown);
      } else if (event.key === "?") {
        setDialog((open) => (open === "keys" ? null : "keys"));
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [exit, generate, step]);

  const failure = runs.failure;
  const canShowOnDemo =
    failure !== null && service.mode === "service" && service.demoAlongside && !service.demoModels.includes(failure.request.model);
  const demoModel = service.demoModels[0];

  return (
    <main
      ref={mainRef}
      tabIndex={-1}
      aria-label="Presenter mode"
      className="fixed inset-0 z-40 flex flex-col gap-3 bg-zinc-50 p-4 outline-none dark:bg-zinc-950"
    >
      <h1 className="sr-only">Presenter mode</h1>
      <div className="relative flex min-h-0 flex-1 flex-col">
        <PresenterStage
          shown={runs.shown}
          position={runs.shownIndex === null ? null : { index: runs.shownIndex, count: runs.results.length }}
          running={runs.running}
          failure={failure}
          showDetail={showDetail}
          onToggleDetail={() => setShowDetail((shown) => !shown)}
          onShowOnDemo={canShowOnDemo && demoModel ? () => void runs.generate({ ...failure.request, model: demoModel }, position) : null}
          onStep={runs.step}
        />
        <nav aria-label="Presenter" className="absolute top-0 right-0 flex flex-col items-stretch gap-2">
          <button type="button" className={barButton} onClick={() => setDialog("script")}>
            {script.script ? `Script ${script.script.position + 1} / ${script.script.items.length}` : "Script…"}
          </button>
          <button type="button" className={barButton} onClick={() => setDialog("keys")}>
            Keys <kbd className="font-mono">?</kbd>
          </button>
          <button type="button" className={barButton} onClick={toggleFullScreen}>
            Full screen <kbd className="font-mono">F</kbd>
          </button>
          <button type="button" className={barButton} onClick={exit}>
            Exit <kbd className="font-mono">Esc</kbd>
          </button>
        </nav>
        {script.linkProblem && (
          <p
            role="alert"
            className="absolute top-0 left-0 max-w-xl rounded-xl bg-red-50 p-3 text-base text-red-900 dark:bg-red-950 dark:text-red-100"
          >
            {script.linkProblem}{" "}
            <button type="button" className="underline" onClick={script.dismissLinkProblem}>
              Dismiss
            </button>
          </p>
        )}
      </div>
      <PresenterControls
        fields={fields}
        models={models}
        running={runs.running !== null}
        problem={problem}
        onChange={setFields}
        onGenerate={generate}
        onCancel={runs.cancel}
      />
      {dialog === "keys" && <ShortcutsDialog shortcuts={PRESENTER_SHORTCUTS} onClose={() => setDialog(null)} />}
      {dialog === "script" && (
        <PresenterScriptDialog
          current={script.script?.items ?? null}
          libraryPrompts={libraryPrompts}
          onLoad={(items) => {
            script.load(items);
            runs.dismissFailure();
            // After the dialog closes (and gives focus back), the keys go to the script.
            window.setTimeout(() => mainRef.current?.focus(), 0);
          }}
          onClear={script.clear}
          onClose={() => setDialog(null)}
        />
      )}
    </main>
  );
}

function toggleFullScreen(): void {
  const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
  // Refused (no user gesture, or an embedding page forbids it): presenting goes on in the window.
  void done.catch(() => undefined);
}

const barButton =
  "rounded-lg border border-zinc-300 bg-white/90 px-3 py-1.5 text-base font-medium shadow-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:border-zinc-700 dark:bg-zinc-900/90 dark:hover:bg-zinc-800";
