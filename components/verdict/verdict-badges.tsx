import { ratingText, type Verdict } from "@/lib/history/verdict";

/** A run's verdict in a line of details: its stars and whether it is the pick; the note as a tip. */
export function VerdictBadges({ verdict }: { verdict: Verdict }) {
  if (!verdict.rating && !verdict.picked) return null;
  return (
    <>
      {verdict.rating && (
        <span
          className="font-medium text-amber-700 dark:text-amber-300"
          data-testid="verdict-rating"
          aria-label={`Rated ${ratingText(verdict.rating)}`}
          title={verdict.note ? `Note: ${verdict.note}` : undefined}
        >
          {"★".repeat(verdict.rating)}
        </span>
      )}
      {verdict.picked && (
        <span
          className="rounded-full bg-emerald-100 px-1.5 py-px font-medium text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200"
          data-testid="verdict-pick"
        >
          Pick
        </span>
      )}
    </>
  );
}
