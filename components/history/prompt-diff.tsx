import type { DiffToken } from "@/lib/history/word-diff";

/** A prompt with its changed words marked: struck through on the baseline, highlighted elsewhere. */
export function PromptDiff({ tokens, side }: { tokens: DiffToken[]; side: "baseline" | "other" }) {
  const changedClass =
    side === "baseline"
      ? "rounded bg-red-100 px-0.5 text-red-900 line-through decoration-red-400 dark:bg-red-500/20 dark:text-red-200"
      : "rounded bg-emerald-100 px-0.5 text-emerald-950 dark:bg-emerald-500/20 dark:text-emerald-100";
  return (
    <p className="text-sm leading-relaxed whitespace-pre-wrap" data-testid="compare-prompt">
      {tokens.map((token, index) =>
        token.changed ? (
          <mark key={index} className={changedClass} data-change={side === "baseline" ? "removed" : "added"}>
            {token.text}
          </mark>
        ) : (
          <span key={index}>{token.text}</span>
        ),
      )}
    </p>
  );
}
