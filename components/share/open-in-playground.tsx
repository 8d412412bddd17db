import type { ArchivedRun } from "@/lib/history/archive-schema";
import { sharedQuery } from "@/lib/request/share-link";

/** The playground's address with this run's request in the form (opening it never runs anything). */
export function playgroundLinkFor(request: ArchivedRun["request"]): string {
  return `/?${sharedQuery({
    model: request.model,
    prompt: request.prompt,
    aspect_ratio: request.aspect_ratio,
    ...(request.extra ? { extra: JSON.stringify(request.extra) } : {}),
  })}`;
}

export function OpenInPlayground({ request, className }: { request: ArchivedRun["request"]; className?: string }) {
  return (
    <a
      href={playgroundLinkFor(request)}
      className={
        className ??
        "rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
      }
      title="Fills the playground's form with this request; nothing runs until you press Generate"
    >
      Open in playground
    </a>
  );
}
