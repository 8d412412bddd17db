import type { FeedbackSummary } from "@/lib/request/share-feedback";

/** In history, beside a shared run or grid: what the team made of it on its page. */
export function TeamFeedbackBadge({ team }: { team: FeedbackSummary }) {
  const comments = `${team.count} comment${team.count === 1 ? "" : "s"}`;
  const rating = team.average === null ? null : team.average.toFixed(1);
  return (
    <span
      className="text-accent-800 dark:text-accent-200 font-medium"
      data-testid="team-feedback"
      title={rating ? `The team rated it ${rating} of 5 on average (${team.ratings} ratings); ${comments}` : comments}
    >
      {rating ? `team ★${rating} · ${comments}` : `team · ${comments}`}
    </span>
  );
}
