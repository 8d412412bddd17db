"use client";

import { useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import { AUTHOR_MAX_CHARS, COMMENT_MAX_CHARS, type FeedbackItem, type FeedbackSummary } from "@/lib/request/share-feedback";
import { isOwnShare, loadFeedback, rememberedName, removeComment, sendFeedback } from "@/lib/browser/share/feedback-client";
import { ratingText, type Rating } from "@/lib/history/verdict";
import { RatingStars } from "@/components/verdict/rating-stars";
import { Button } from "@/components/ui/button";
import { inputClassName, labelClassName } from "@/components/ui/field-message";
import { Field } from "@/components/ui/field";
import { cn } from "@/lib/utils/cn";
import { utcText } from "./shared-page-frame";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";

const noSubscription = () => () => undefined;

type Loaded = { summary: FeedbackSummary; items: FeedbackItem[]; next: string | null };

/**
 * Team feedback under a shared run or grid: anyone who can open the page rates it and leaves a
 * short comment under a display name; the page shows the average, the count and the comments,
 * newest first. The person who shared it can remove comments. Everything typed is shown as text.
 */
export function ShareFeedback({ shareId, signedInAs }: { shareId: string; signedInAs: string | null }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  // Whether this browser made the share: known only in the browser (the server renders "no").
  const owner = useSyncExternalStore(
    noSubscription,
    () => isOwnShare(shareId),
    () => false,
  );

  useAbortableEffect(
    (signal) => {
      void loadFeedback(shareId, null).then((result) => {
        if (signal.aborted) return;
        if (result.ok) setLoaded(result.page);
        else setLoadProblem(result.message);
      });
    },
    [shareId],
  );

  const older = async () => {
    if (!loaded?.next) return;
    const result = await loadFeedback(shareId, loaded.next);
    if (!result.ok) return setLoadProblem(result.message);
    setLoaded({ summary: result.page.summary, items: [...loaded.items, ...result.page.items], next: result.page.next });
  };

  const added = (item: FeedbackItem) =>
    setLoaded((current) => {
      const summary = current?.summary ?? { count: 0, ratings: 0, average: null };
      const ratings = summary.ratings + (item.rating === null ? 0 : 1);
      const average = item.rating === null ? summary.average : ((summary.average ?? 0) * summary.ratings + item.rating) / ratings;
      return {
        summary: { count: summary.count + 1, ratings, average },
        items: [item, ...(current?.items ?? [])],
        next: current?.next ?? null,
      };
    });

  const removed = (item: FeedbackItem) =>
    setLoaded((current) => {
      if (!current) return current;
      const { summary } = current;
      const ratings = summary.ratings - (item.rating === null ? 0 : 1);
      const average =
        item.rating === null ? summary.average : ratings === 0 ? null : ((summary.average ?? 0) * summary.ratings - item.rating) / ratings;
      return {
        ...current,
        summary: { count: summary.count - 1, ratings, average },
        items: current.items.filter((entry) => entry.id !== item.id),
      };
    });

  return (
    <section
      aria-labelledby="team-feedback"
      className="flex max-w-3xl flex-col gap-4 rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="team-feedback" className="text-base font-semibold">
          Team feedback
        </h2>
        {loaded && <FeedbackFigures summary={loaded.summary} />}
      </div>
      <FeedbackForm shareId={shareId} signedInAs={signedInAs} onAdded={added} />
      {loadProblem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {loadProblem}
        </p>
      )}
      {loaded && loaded.items.length === 0 && <p className="text-sm text-muted">No feedback yet: be the first to say what you think.</p>}
      {loaded && loaded.items.length > 0 && (
        <ol aria-label="Comments" className="flex flex-col gap-3">
          {loaded.items.map((item) => (
            <Comment key={item.id} item={item} canRemove={owner} shareId={shareId} onRemoved={() => removed(item)} />
          ))}
        </ol>
      )}
      {loaded?.next && (
        <Button size="sm" className="self-start" onClick={() => void older()}>
          Show older comments
        </Button>
      )}
    </section>
  );
}

function FeedbackFigures({ summary }: { summary: FeedbackSummary }) {
  return (
    <p className="text-sm" data-testid="feedback-figures">
      {summary.average === null ? (
        "Not rated yet"
      ) : (
        <>
          <span className="font-semibold text-amber-700 dark:text-amber-300">★ {summary.average.toFixed(1)}</span> average of{" "}
          {summary.ratings} rating{summary.ratings === 1 ? "" : "s"}
        </>
      )}
      <span className="text-muted">
        {" "}
        · {summary.count} comment{summary.count === 1 ? "" : "s"}
      </span>
    </p>
  );
}

function FeedbackForm({
  shareId,
  signedInAs,
  onAdded,
}: {
  shareId: string;
  /** Signed in with a provider: the comment carries that name, none is typed. */
  signedInAs: string | null;
  onAdded: (item: FeedbackItem) => void;
}) {
  const [author, setAuthor] = useState(signedInAs ?? "");
  const [rating, setRating] = useState<Rating | null>(null);
  const [comment, setComment] = useState("");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);
  // The remembered name is read after mount: the server renders the page without it.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage is read after hydration, once
  useEffect(() => setAuthor((current) => current || rememberedName()), []);
  const name = signedInAs ?? author;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    const result = await sendFeedback(shareId, { author: name, rating, comment });
    setSending(false);
    if (!result.ok) return setProblem({ message: result.message, fields: result.fieldErrors ?? {} });
    setProblem(null);
    setRating(null);
    setComment("");
    onAdded(result.item);
  };
  const fieldError = (name: string) => problem?.fields[name]?.[0];

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Leave feedback" noValidate className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        {signedInAs ? (
          <p className="min-w-48 flex-1 pb-2 text-sm">
            Commenting as <span className="font-semibold">{signedInAs}</span>
          </p>
        ) : (
          <Field id="feedback-author" label="Your name" className="min-w-48 flex-1" error={fieldError("author")}>
            {(control) => (
              <input
                {...control}
                value={author}
                maxLength={AUTHOR_MAX_CHARS}
                autoComplete="name"
                onChange={(event) => setAuthor(event.target.value)}
                className={inputClassName}
              />
            )}
          </Field>
        )}
        <div className="flex flex-col gap-1.5 pb-1">
          <span className={labelClassName}>Your rating</span>
          <RatingStars rating={rating ?? undefined} onRate={setRating} label="Rating" />
        </div>
      </div>
      <Field id="feedback-comment" label="Comment" error={fieldError("comment")} hint={`Up to ${COMMENT_MAX_CHARS} characters.`}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={comment}
            maxLength={COMMENT_MAX_CHARS}
            onChange={(event) => setComment(event.target.value)}
            className={cn(inputClassName, "resize-y")}
          />
        )}
      </Field>
      {problem && Object.keys(problem.fields).length === 0 && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem.message}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={sending} className="self-start">
        {sending ? "Sending…" : "Send feedback"}
      </Button>
    </form>
  );
}

function Comment({
  item,
  canRemove,
  shareId,
  onRemoved,
}: {
  item: FeedbackItem;
  canRemove: boolean;
  shareId: string;
  onRemoved: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <li className="flex flex-col gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800" data-testid="feedback-comment">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">{item.author}</span>
        {item.rating !== null && (
          <span className="text-amber-700 dark:text-amber-300" aria-label={`Rated ${ratingText(item.rating as Rating)}`}>
            {"★".repeat(item.rating)}
          </span>
        )}
        <time dateTime={item.createdAt} className="text-xs text-muted">
          {utcText(new Date(item.createdAt))}
        </time>
        {canRemove && (
          <Button
            size="sm"
            variant="danger"
            className="ml-auto"
            aria-label={`Remove comment by ${item.author}`}
            onClick={() => void removeComment(shareId, item.id).then((result) => (result.ok ? onRemoved() : setProblem(result.message)))}
          >
            Remove
          </Button>
        )}
      </div>
      {item.comment && <p className="text-sm break-words whitespace-pre-wrap">{item.comment}</p>}
      {problem && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </li>
  );
}
