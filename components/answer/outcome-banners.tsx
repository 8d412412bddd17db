import { problemKindOf, type Problem, type ProblemKind } from "@/lib/request/problem";
import type { AnswerBody } from "@/lib/answer/interpret-answer";
import type { ServiceExchange } from "@/lib/answer/run-outcome";
import { classifyServiceError, ERROR_CLASS_TEXT } from "@/lib/answer/service-error";
import { serviceWords } from "@/lib/answer/service-words";

const bannerClassName =
  "rounded-xl border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100";

/** The service said no: a plain-words class, what to do, and the service's own words verbatim. */
export function ServiceErrorBanner({ exchange, body }: { exchange: ServiceExchange; body: AnswerBody }) {
  const message = serviceWords(body);
  const errorClass = classifyServiceError(exchange.status, message);
  const { title, hint } = ERROR_CLASS_TEXT[errorClass];
  return (
    <div role="alert" className={bannerClassName} data-error-class={errorClass}>
      <p className="font-semibold">
        {title} <span className="font-mono text-sm font-normal opacity-80">(HTTP {exchange.status})</span>
      </p>
      <p className="mt-1 text-sm opacity-90">
        {hint}
        {exchange.retryAfter && ` Retry after ${/^\d+$/.test(exchange.retryAfter) ? `${exchange.retryAfter} s` : exchange.retryAfter}.`}
      </p>
      <p className="mt-3 text-xs font-medium tracking-wide uppercase opacity-70">The service said</p>
      <blockquote
        data-testid="service-message"
        className="mt-1 rounded-lg bg-white/70 p-3 font-mono text-sm break-words whitespace-pre-wrap dark:bg-black/30"
      >
        {message}
      </blockquote>
    </div>
  );
}

/** The plain-words class of each of the playground's own problems. */
const PROBLEM_CLASS: Record<ProblemKind, string> = {
  "invalid-json": "Invalid input",
  "sign-in-required": "Signed out",
  "cross-site": "Refused",
  "poll-refused": "Refused",
  "poll-not-granted": "Refused",
  "image-refused": "Not a picture",
  "unknown-host": "Refused",
  "body-too-large": "Too large",
  "body-too-slow": "Timed out",
  "unsupported-media-type": "Invalid input",
  "invalid-request": "Invalid input",
  "grid-too-large": "Too large",
  "rate-limited": "Rate limited",
  "budget-used": "Budget used",
  "share-rate-limited": "Rate limited",
  "too-many-requests": "Rate limited",
  "share-not-multipart": "Invalid input",
  "share-invalid": "Refused",
  "share-too-large": "Too large",
  "library-full": "Library full",
  "share-not-found": "Not found",
  "share-expired": "Expired",
  "share-not-owner": "Refused",
  "feedback-full": "Comments full",
  "feedback-not-owner": "Refused",
  "database-unavailable": "Database unavailable",
  "library-off": "Not found",
  "library-not-multipart": "Invalid input",
  "library-run-invalid": "Refused",
  "library-run-too-large": "Too large",
  "library-quota": "Library full",
  "library-unavailable": "Database unavailable",
  "collection-not-found": "Not found",
  "collection-role": "Not allowed",
  "collection-full": "Collection limit",
  "batch-invalid": "Invalid input",
  "batch-not-found": "Not found",
  "batch-not-changed": "Refused",
  "batches-busy": "Too many batches",
  "batches-unavailable": "Not available",
  "person-unknown": "Unknown person",
  "budget-unavailable": "Budget unavailable",
  "service-unreachable": "Unreachable",
  "answer-too-large": "Answer too large",
  "answer-broken": "Broken answer",
  "answer-unreadable-encoding": "Unreadable answer",
  "uploads-busy": "Busy",
  restarting: "Restarting",
  busy: "Busy",
  "service-timeout": "Timeout",
  misconfigured: "Configuration",
  internal: "Playground error",
};

/** Seconds under two minutes as they are; longer waits (a budget that renews tonight) in hours and minutes. */
function waitInWords(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The playground itself refused or failed; says so in its own words, with the id for the logs. */
export function ProblemBanner({ problem, status }: { problem: Problem; status: number }) {
  const kind = problemKindOf(problem.type);
  const label = kind ? PROBLEM_CLASS[kind] : "Playground";
  return (
    <div role="alert" className={bannerClassName} data-problem-kind={kind ?? "unknown"}>
      <p className="font-semibold">
        <span className="mr-2 rounded bg-red-200/70 px-1.5 py-0.5 text-xs tracking-wide uppercase dark:bg-red-500/20">{label}</span>
        {problem.title} <span className="font-mono text-sm font-normal opacity-80">(HTTP {status})</span>
      </p>
      {problem.detail && <p className="mt-2 text-sm">{problem.detail}</p>}
      {/* A used budget says when it renews in its detail already. */}
      {problem.retryAfterSeconds !== undefined && kind !== "budget-used" && (
        <p className="mt-2 text-sm font-medium" data-testid="retry-after">
          Try again in {waitInWords(problem.retryAfterSeconds)}.
        </p>
      )}
      {kind === "budget-used" && (
        <p className="mt-2 text-sm">
          <a href="/usage#budgets" className="font-medium underline">
            See your usage and budget
          </a>
        </p>
      )}
      {kind === "sign-in-required" && (
        <p className="mt-2 text-sm">
          <a href="/sign-in" className="font-medium underline">
            Sign in again
          </a>{" "}
          (your prompt stays in this tab only until you leave it).
        </p>
      )}
      {problem.errors && (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {Object.entries(problem.errors).map(([field, messages]) => (
            <li key={field}>
              <code className="font-mono">{field}</code>: {messages.join(" ")}
            </li>
          ))}
        </ul>
      )}
      {problem.requestId && <p className="mt-2 font-mono text-xs opacity-70">request id {problem.requestId}</p>}
    </div>
  );
}

export function FailedBanner({ message }: { message: string }) {
  return (
    <div role="alert" className={bannerClassName}>
      <p className="font-semibold">The answer did not arrive</p>
      <p className="mt-1 text-sm">{message}</p>
    </div>
  );
}
