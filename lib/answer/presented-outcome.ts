import type { Problem } from "@/lib/request/problem";
import { interpretAnswer, type DisplayImage } from "./interpret-answer";
import { jobOfAnswer } from "./job-status";
import type { RunOutcome } from "./run-outcome";
import { classifyServiceError, type ErrorClass } from "./service-error";
import { serviceWords } from "./service-words";

/**
 * A run as presenter mode shows it to a room: the images, or one plain sentence with the
 * service's own words kept aside (shown on request). Never a stack trace, never credentials.
 */
export type PresentedOutcome =
  { kind: "images"; images: DisplayImage[] } | { kind: "failure"; sentence: string; detail: string | null } | { kind: "cancelled" };

const SENTENCES: Record<ErrorClass, string> = {
  "bad-key": "The service did not accept the playground's key.",
  "unknown-model": "The service does not know this model.",
  "bad-ratio": "The service does not accept this aspect ratio.",
  "content-policy": "The service declined this prompt under its content policy.",
  "rate-limited": "The service asks to slow down; try again in a moment.",
  "endpoint-not-found": "The service was not found at its configured address.",
  redirect: "The service answered with a redirect instead of an image.",
  rejected: "The service refused this request.",
  "service-error": "The service failed on its side; trying again may work.",
};

export function presentOutcome(outcome: RunOutcome): PresentedOutcome {
  switch (outcome.kind) {
    case "cancelled":
      return { kind: "cancelled" };
    case "failed":
      return failure("The playground could not be reached; check the connection and try again.", outcome.message);
    case "problem":
      return failure(sentenceOf(outcome.problem), outcome.problem.detail ?? null);
    case "service": {
      const { exchange } = outcome;
      const answer = interpretAnswer(exchange.bytes, exchange.contentType, exchange.url);
      const words = serviceWords(answer.body);
      if (exchange.status >= 200 && exchange.status < 300) {
        if (answer.images.length > 0) return { kind: "images", images: answer.images };
        const job = jobOfAnswer(answer.body, exchange);
        if (job) return failure("The service started a job instead of sending an image; follow it in the full playground.", words);
        return failure("The service answered, but its answer holds no image.", words);
      }
      return failure(SENTENCES[classifyServiceError(exchange.status, words)], words);
    }
  }
}

function sentenceOf(problem: Problem): string {
  const title = problem.title.trim();
  return /[.!?]$/.test(title) ? title : `${title}.`;
}

function failure(sentence: string, detail: string | null): PresentedOutcome {
  return { kind: "failure", sentence: withoutCredentials(sentence), detail: detail === null ? null : withoutCredentials(detail) };
}

/** "https://user:secret@host/…" → "https://host/…": a room never sees a URL's credentials. */
export function withoutCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, "$1");
}
