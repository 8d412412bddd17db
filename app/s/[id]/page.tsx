import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { SharedRunPage } from "@/components/share/shared-run-page";
import { SharedGridPage } from "@/components/share/shared-grid-page";
import { ShareUnavailable } from "@/components/share/shared-page-frame";
import { getServerConfig } from "@/lib/server/config/config";
import { currentViewer } from "@/lib/server/people/current-viewer";
import { knownEndpoints } from "@/lib/server/upstream/service-target";
import { lookUpShare as lookUpShareUncached } from "@/lib/server/shares/share-lookup";
import { cache } from "react";
import { sharePreview, shareFileUrl } from "@/lib/history/share-files";

type SharePageProps = { params: Promise<{ id: string }> };

/** The page and its metadata read the share once per request. */
const lookUpShare = cache(lookUpShareUncached);

/**
 * A shared run or grid: read-only, server-rendered (what it was, when, how it went), with the answer
 * views built in the page from the share's files. Behind the access gate like the playground.
 * An expired share never reaches here: the proxy answers it with 410.
 */
export default async function SharePage({ params }: SharePageProps) {
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const { config } = configResult;
  const { id } = await params;
  const viewer = await currentViewer(await headers(), config.access);
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(`/s/${id}`)}`);
  const signedInAs = config.access.oidc ? viewer.author.name : null;
  const lookup = await lookUpShare(config.shares, id);
  if (lookup.state === "missing") notFound();
  if (lookup.state === "unavailable") return <ShareUnavailable detail={lookup.detail} />;
  if (lookup.state === "expired") return <ShareUnavailable detail="This share has expired; its images have been deleted." />;
  const { share } = lookup;
  const endpoints = await knownEndpoints(config);
  // What both pages show around the shared thing itself.
  const page = { id: share.id, expiresAt: share.expiresAt, author: share.authorName, signedInAs, endpoints };
  return share.kind === "run" ? <SharedRunPage {...page} record={share.record} /> : <SharedGridPage {...page} record={share.record} />;
}

export async function generateMetadata({ params }: SharePageProps): Promise<Metadata> {
  const robots = { index: false, follow: false };
  const configResult = getServerConfig();
  if (!configResult.ok) return { robots };
  const { config } = configResult;
  // Behind the access gate a chat preview would show nothing but the sign-in page: no preview.
  if (config.access.password !== null) return { title: "Shared · Image Prompt Playground", robots };
  const { id } = await params;
  const lookup = await lookUpShare(config.shares, id);
  if (lookup.state !== "found") return { title: "Shared · Image Prompt Playground", robots };
  const { title, description, image } = sharePreview(lookup.share);
  const requestHeaders = await headers();
  const host = requestHeaders.get("host");
  // Chat apps fetch the preview image themselves: it needs an absolute URL, as the browser sees it.
  const protocol = (config.trustProxyHops > 0 && requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim()) || "http";
  const imageUrl = image && host ? `${protocol}://${host}${shareFileUrl(id, image)}` : null;
  return {
    title: `${title} · Image Prompt Playground`,
    description,
    robots,
    openGraph: { title, description, type: "website", ...(imageUrl ? { images: [{ url: imageUrl }] } : {}) },
    twitter: { card: imageUrl ? "summary_large_image" : "summary", title, description },
  };
}
