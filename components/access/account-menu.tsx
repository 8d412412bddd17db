import { buttonClass } from "@/components/ui/button";

/**
 * Who is signed in, and the ways out: "Sign out" ends this browser's session; with the company's
 * provider, "Sign out everywhere" ends every session of this person, on every device.
 */
export function AccountMenu({ account }: { account: { name: string; provider: boolean } }) {
  return (
    <div className="flex items-center gap-2">
      {account.provider && (
        <span className="max-w-48 truncate text-sm font-medium" data-testid="signed-in-as" title={`Signed in as ${account.name}`}>
          {account.name}
        </span>
      )}
      {/* Plain links: next/link would join the first screen's scripts for pages opened now and then. */}
      <a href="/tokens" className={buttonClass("secondary", "sm")}>
        Tokens
      </a>
      <form method="post" action="/api/sign-out">
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Sign out
        </button>
      </form>
      {account.provider && (
        <form method="post" action="/api/sign-out?everywhere=1">
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Sign out everywhere
          </button>
        </form>
      )}
    </div>
  );
}
