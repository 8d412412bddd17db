import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getServerConfig } from "@/lib/server/config/config";
import { hasValidSession } from "@/lib/server/access/session";
import { safeNextPath } from "@/lib/request/share-link";
import { buttonClass } from "@/components/ui/button";
import { ProviderSignIn } from "@/components/access/provider-sign-in";
import { describeSignInProblem } from "@/lib/server/oidc/sign-in-problems";

export const metadata: Metadata = { title: "Sign in · Image Prompt Playground" };

type SignInProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: SignInProps) {
  await connection();
  const result = getServerConfig();
  if (!result.ok) redirect("/");
  const { access } = result.config;
  if ((access.password === null && !access.oidc) || (await hasValidSession(await headers(), access))) redirect("/");
  const params = await searchParams;
  const wrong = params.error === "wrong-password";
  const unavailable = params.error === "unavailable";
  const next = safeNextPath(typeof params.next === "string" ? params.next : null);
  const signedOut = params["signed-out"] !== undefined;
  if (access.oidc) {
    return (
      <ProviderSignIn
        providerName={access.oidc.name}
        next={next}
        signedOut={signedOut ? (params["signed-out"] === "everywhere" ? "everywhere" : "here") : null}
        error={params.error === "provider-unreachable" || params.error === "unavailable" ? params.error : null}
        problem={describeSignInProblem(params, access.oidc)}
      />
    );
  }

  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <form
        method="post"
        action="/api/sign-in"
        className="flex w-full max-w-sm flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div>
          <h1 className="text-lg font-semibold">Image Prompt Playground</h1>
          <p className="mt-1 text-sm text-muted">This playground is protected. Enter its password to continue.</p>
        </div>
        {unavailable && (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            Signing in is unavailable for a moment: the playground cannot check recent attempts. Try again in a minute.
          </p>
        )}
        {signedOut && !wrong && !unavailable && (
          <p role="status" className="rounded-lg bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-800">
            You are signed out.
          </p>
        )}
        <input type="hidden" name="next" value={next} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="password" className="text-sm font-medium">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            required
            autoFocus
            autoComplete="current-password"
            aria-invalid={wrong ? true : undefined}
            aria-describedby={wrong ? "password-error" : undefined}
            className="rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-accent-500 focus:ring-3 focus:ring-accent-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-950"
          />
          {wrong && (
            <p id="password-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
              That password is not right. Each wrong try makes the next answer slower.
            </p>
          )}
        </div>
        <button type="submit" className={buttonClass("primary", "lg")}>
          Sign in
        </button>
      </form>
    </main>
  );
}
