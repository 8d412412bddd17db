"use client";

import { useState, type FormEvent } from "react";
import type { SavedPrompt } from "@/lib/history/history-types";
import { buttonClass } from "@/components/ui/button";

type PromptLibraryProps = {
  prompts: SavedPrompt[];
  available: boolean;
  currentPrompt: () => string;
  onSave: (name: string, text: string) => Promise<boolean>;
  onInsert: (text: string) => void;
  onDelete: (id: string) => void;
};

/** Named prompts kept in this browser beside the history: save the current one, insert one at the caret. */
export function PromptLibrary({ prompts, available, currentPrompt, onSave, onInsert, onDelete }: PromptLibraryProps) {
  const [name, setName] = useState("");
  const [message, setMessage] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const text = currentPrompt();
    if (!name.trim()) return setMessage("Give the prompt a name first.");
    if (!text.trim()) return setMessage("The prompt is empty: there is nothing to save.");
    if (await onSave(name.trim(), text)) {
      setMessage(`Saved “${name.trim()}”.`);
      setName("");
    }
  };

  return (
    <details className="group rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold select-none">
        <span aria-hidden="true" className="text-zinc-400 transition group-open:rotate-90">
          ▸
        </span>
        Prompt library
        <span className="font-normal text-muted">({prompts.length})</span>
      </summary>
      <form onSubmit={(event) => void save(event)} className="mt-3 flex gap-2">
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-label="Name for the current prompt"
          placeholder="Name for the current prompt"
          maxLength={120}
          disabled={!available}
          className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-2.5 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button type="submit" disabled={!available} className={buttonClass()}>
          Save prompt
        </button>
      </form>
      {message && (
        <p role="status" className="mt-2 text-xs text-muted">
          {message}
        </p>
      )}
      {prompts.length > 0 && (
        <ul aria-label="Saved prompts" className="mt-3 flex max-h-72 flex-col gap-1 overflow-y-auto">
          {prompts.map((prompt) => (
            <li key={prompt.id} className="flex items-center gap-2 rounded-lg px-1 py-1 hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{prompt.name}</span>
                <span className="block truncate text-xs text-muted">{prompt.text}</span>
              </span>
              <button
                type="button"
                onClick={() => onInsert(prompt.text)}
                aria-label={`Insert ${prompt.name}`}
                className={buttonClass("secondary", "xs")}
              >
                Insert
              </button>
              <button
                type="button"
                onClick={() => onDelete(prompt.id)}
                aria-label={`Delete ${prompt.name}`}
                className="rounded-md px-1.5 py-0.5 text-xs text-muted hover:bg-zinc-200 dark:hover:bg-zinc-700"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
