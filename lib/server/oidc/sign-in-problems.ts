import "server-only";
import type { Refusal } from "./admit-person";
import type { OidcConfig } from "./oidc-config";

/**
 * Why a sign-in with the provider did not let someone in, as the sign-in page says it. The callback
 * sends a code (and, for a domain refusal, the email the provider gave) in the sign-in page's
 * address, never free text: a link made elsewhere cannot put words of its own on our page.
 */

export type SignInProblem = "domain" | "group" | "no-subject" | "not-verified" | "expired" | "provider-error" | "unavailable" | "too-many";

export function problemQuery(problem: SignInProblem, extra: Record<string, string> = {}): string {
  return `/sign-in?${new URLSearchParams({ problem, ...extra }).toString()}`;
}

export function refusalQuery(refusal: Refusal): string {
  if (refusal.kind === "domain") return problemQuery("domain", refusal.email ? { email: refusal.email } : {});
  return problemQuery(refusal.kind);
}

const EMAIL = /^[^\s@<>"]{1,100}@[^\s@<>"]{1,200}$/;
const ERROR_CODE = /^[a-z_]{1,40}$/;

export function describeSignInProblem(
  params: Record<string, string | string[] | undefined>,
  oidc: Pick<OidcConfig, "allowedDomains" | "name">,
): { title: string; detail: string } | null {
  const text = (name: string) => (typeof params[name] === "string" ? params[name] : undefined);
  const domains = oidc.allowedDomains.join(", ");
  switch (text("problem")) {
    case "domain": {
      const email = text("email");
      return {
        title: "You cannot enter this playground",
        detail:
          email && EMAIL.test(email)
            ? `This playground is for people with an email at ${domains}; you signed in as ${email}.`
            : `This playground is for people with a verified email at ${domains}; ${oidc.name} gave none.`,
      };
    }
    case "group":
      return {
        title: "You cannot enter this playground",
        detail: `This playground is for members of certain groups, and ${oidc.name} does not list you in any of them.`,
      };
    case "no-subject":
      return { title: "You cannot enter this playground", detail: `${oidc.name} did not say who you are.` };
    case "not-verified":
      return {
        title: "Sign-in could not be verified",
        detail: `The answer from ${oidc.name} did not match this sign-in, so it was refused. Start again.`,
      };
    case "expired":
      return {
        title: "Sign-in took too long",
        detail: "This sign-in was started more than 10 minutes ago, or in another browser. Start again.",
      };
    case "provider-error": {
      const code = text("error");
      return {
        title: "Sign-in was not completed",
        detail: `${oidc.name} answered${code && ERROR_CODE.test(code) ? ` "${code}"` : " with an error"}. Start again, or ask whoever runs it.`,
      };
    }
    case "unavailable":
      return {
        title: "Signing in is unavailable for a moment",
        detail: "The playground's database, which keeps sessions, cannot be reached. Try again in a minute.",
      };
    case "too-many":
      return {
        title: "Too many sign-ins just now",
        detail: "More sign-ins came from your network in the last minute than this playground takes. Try again in a minute.",
      };
    default:
      return null;
  }
}
