"use client";

import { useState } from "react";
import { NOTE_MAX_CHARS, type Verdict, type VerdictChange } from "@/lib/history/verdict";
import { RatingStars } from "./rating-stars";
import { PickButton } from "./pick-button";

type VerdictBarProps = {
  verdict: Verdict;
  onChange: (change: VerdictChange) => void;
};

const pickButton =
  "rounded-lg border px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-accent-500 border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** A saved run's verdict: stars, the pick, and a short note saved when the field is left or Enter is pressed. */
export function VerdictBar({ verdict, onChange }: VerdictBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="verdict-bar">
      <RatingStars rating={verdict.rating} onRate={(rating) => onChange({ rating })} />
      <PickButton picked={verdict.picked === true} onToggle={() => onChange({ picked: !verdict.picked })} className={pickButton} />
      {/* Keyed by the saved note: a note changed elsewhere (another tab, review) shows here at once. */}
      <NoteField key={verdict.note ?? ""} note={verdict.note ?? ""} onSave={(note) => onChange({ note })} />
    </div>
  );
}

function NoteField({ note, onSave }: { note: string; onSave: (note: string) => void }) {
  const [text, setText] = useState(note);
  const save = () => {
    if (text.trim() !== note) onSave(text);
  };
  return (
    <input
      type="text"
      value={text}
      maxLength={NOTE_MAX_CHARS}
      aria-label="Note"
      placeholder="Add a note"
      onChange={(event) => setText(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          save();
        } else if (event.key === "Escape") setText(note);
      }}
      className="min-w-40 flex-1 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-xs text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    />
  );
}
