import { buttonClass } from "@/components/ui/button";

const ERRORS = {
  "provider-unreachable":
    "The sign-in provider cannot be reached right now. Try again in a minute; if it lasts, tell whoever runs the playground.",
  unavailable: "Signing out could not be recorded: the playground's database cannot be reached. Try again in a minute.",
} as const;

/**
 * The sign-in page when people sign in with the company's provider: one button, which goes there
 * and comes back to the page they asked for. A link, not a form: the page's policy lets forms
 * submit only to this site (form-action 'self'), and that covers where their redirects lead.
 */
export function ProviderSignIn({
  providerName,
  next,
  signedOut,
  error,
  problem,
}: {
  providerName: string;
  next: string;
  signedOut: "here" | "everywhere" | null;
  error: keyof typeof ERRORS | null;
  /** Why the last sign-in did not let them in. */
  problem: { title: string; detail: string } | null;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div className="flex w-full max-w-sm flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div>
          <h1 className="text-lg font-semibold">Image Prompt Playground</h1>
          <p className="mt-1 text-sm text-muted">Sign in with your company account to continue.</p>
        </div>
        {problem && (
          <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-200">
            <h2 className="font-semibold">{problem.title}</h2>
            <p className="mt-1">{problem.detail}</p>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {ERRORS[error]}
          </p>
        )}
        {signedOut && !error && !problem && (
          <p role="status" className="rounded-lg bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-800">
            {signedOut === "everywhere" ? "You are signed out on every device." : "You are signed out."}
          </p>
        )}
        <a
          href={`/api/auth/sign-in/oidc${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`}
          role="button"
          className={buttonClass("primary", "lg")}
        >
          {problem ? `Try again with ${providerName}` : `Sign in with ${providerName}`}
        </a>
      </div>
    </main>
  );
}
