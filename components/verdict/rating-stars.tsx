"use client";

import { useId } from "react";
import { RATINGS, ratingText, type Rating } from "@/lib/history/verdict";

type RatingStarsProps = {
  rating: Rating | undefined;
  onRate: (rating: Rating | null) => void;
  /** Names what is rated, for the group's accessible name ("Rating" alone where the context says it). */
  label?: string;
  size?: "sm" | "md";
};

/**
 * Five stars as a radio group named "Rating" (native radios: arrow keys move between them, as in
 * any radio group). Choosing the star already chosen clears the rating.
 */
export function RatingStars({ rating, onRate, label = "Rating", size = "md" }: RatingStarsProps) {
  const name = useId();
  const star = size === "sm" ? "text-sm leading-none" : "text-xl leading-none";
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex items-center" data-testid="rating" data-rating={rating ?? 0}>
      {RATINGS.map((value) => {
        const lit = rating !== undefined && value <= rating;
        return (
          <label
            key={value}
            className="cursor-pointer rounded px-px has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-500"
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={rating === value}
              aria-label={ratingText(value)}
              onChange={() => onRate(value)}
              onClick={() => {
                // A click on the chosen star fires no change: it clears instead.
                if (rating === value) onRate(null);
              }}
              className="sr-only"
            />
            <span
              aria-hidden
              className={`${star} ${lit ? "text-amber-500 dark:text-amber-400" : "text-zinc-300 hover:text-amber-300 dark:text-zinc-600"}`}
            >
              ★
            </span>
          </label>
        );
      })}
    </div>
  );
}
