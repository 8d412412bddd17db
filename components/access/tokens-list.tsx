import { AccountPageHeader } from "@/components/access/account-page-header";
import { DataTableHead } from "@/components/ui/data-table-head";
import { buttonClass } from "@/components/ui/button";
import { CreateTokenForm } from "./create-token-form";

export type TokenLine = {
  id: string;
  name: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  state: "active" | "expired" | "revoked";
};

const day = (iso: string) => iso.slice(0, 10);

/**
 * The Tokens page: one's personal API tokens for scripts (what they are called, when made, until
 * when, last used), a form to make one (shown once), and revoking. Tokens unlock only the API.
 */
export function TokensList({
  owner,
  tokens,
  revokedNotice,
}: {
  owner: string;
  tokens: TokenLine[];
  revokedNotice: "revoked" | "not-found" | null;
}) {
  return (
    <div className="mx-auto flex min-h-dvh max-w-4xl flex-col">
      <AccountPageHeader title="Personal API tokens" who={owner} />
      <main className="flex flex-col gap-6 p-4 lg:p-6">
        <p className="text-sm text-muted">
          A script sends a token as <code className="font-mono">Authorization: Bearer pgt_…</code> to{" "}
          <code className="font-mono">POST /api/generate</code>. It generates as you (your budget, your name in the audit log) and opens no
          page. Only its fingerprint is kept: copy it when it is shown.
        </p>
        {revokedNotice && (
          <p role="status" className="rounded-lg bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-800">
            {revokedNotice === "revoked" ? "Token revoked: it no longer works." : "That token was already revoked, or is not yours."}
          </p>
        )}
        <CreateTokenForm />
        <section
          aria-labelledby="tokens-title"
          className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <h2 id="tokens-title" className="text-sm font-semibold">
            Your tokens
          </h2>
          {tokens.length === 0 ? (
            <p className="mt-2 text-sm text-muted">None yet.</p>
          ) : (
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Your tokens</caption>
              <DataTableHead
                columns={[
                  { label: "Name" },
                  { label: "Made" },
                  { label: "Expires" },
                  { label: "Last used" },
                  { label: "State", hidden: true },
                ]}
              />
              <tbody>
                {tokens.map((token) => (
                  <tr key={token.id} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                    <th scope="row" className="py-2 pr-4 text-left font-medium">
                      {token.name}
                    </th>
                    <td className="py-2 pr-4 tabular-nums">{day(token.createdAt)}</td>
                    <td className="py-2 pr-4 tabular-nums">{day(token.expiresAt)}</td>
                    <td className="py-2 pr-4 tabular-nums">
                      {token.lastUsedAt ? token.lastUsedAt.slice(0, 16).replace("T", " ") : "never"}
                    </td>
                    <td className="py-2 text-right">
                      {token.state === "active" ? (
                        <form method="post" action={`/api/tokens/${encodeURIComponent(token.id)}/revoke`}>
                          <button type="submit" className={buttonClass("danger", "sm")} aria-label={`Revoke ${token.name}`}>
                            Revoke
                          </button>
                        </form>
                      ) : (
                        <span className="text-xs text-muted">{token.state === "revoked" ? "Revoked" : "Expired"}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </main>
    </div>
  );
}
