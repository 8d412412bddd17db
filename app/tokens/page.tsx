import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { NoticePage } from "@/components/ui/notice-page";
import { TokensList } from "@/components/access/tokens-list";
import { getServerConfig } from "@/lib/server/config/config";
import { currentViewer } from "@/lib/server/people/current-viewer";
import { databaseFailureDetail, sharedDatabase } from "@/lib/server/database/shared-database";
import { tokensOf } from "@/lib/server/access/api-tokens";

export const metadata: Metadata = { title: "Tokens · Image Prompt Playground" };

type TokensProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TokensPage({ searchParams }: TokensProps) {
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const { config } = configResult;
  const viewer = await currentViewer(await headers(), config.access);
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent("/tokens")}`);
  if (config.access.password === null && !config.access.oidc) {
    return (
      <NoticePage title="No tokens needed" tone="plain">
        <p className="mt-2 text-sm">
          This playground is open, so scripts call its API (<code>POST /api/generate</code>) without a token. Personal API tokens are for a
          playground behind a password or company sign-in.
        </p>
      </NoticePage>
    );
  }
  const database = await sharedDatabase(config.shares).catch((error: unknown) => databaseFailureDetail(error));
  if (typeof database === "string") {
    return (
      <NoticePage title="Tokens are unavailable" tone="warning">
        <p className="mt-2 text-sm">{database.replace("share library's ", "")}</p>
      </NoticePage>
    );
  }
  const tokens = await tokensOf(database, viewer.author.id);
  const revoked = (await searchParams).revoked;
  const now = new Date();
  return (
    <TokensList
      owner={viewer.author.name}
      revokedNotice={revoked === "1" ? "revoked" : revoked === "none" ? "not-found" : null}
      tokens={tokens.map((token) => ({
        id: token.id,
        name: token.name,
        createdAt: token.createdAt.toISOString(),
        expiresAt: token.expiresAt.toISOString(),
        lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
        state: token.revokedAt ? "revoked" : token.expiresAt <= now ? "expired" : "active",
      }))}
    />
  );
}
