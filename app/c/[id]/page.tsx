import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { NoticePage } from "@/components/ui/notice-page";
import { CollectionPage } from "@/components/collections/collection-page";
import { getServerConfig } from "@/lib/server/config/config";
import { collectionFor, collectionMembers } from "@/lib/server/library/collection-store";
import { collectionPageContext } from "@/lib/server/library/collection-page-data";
import { collectionByLink } from "@/lib/server/library/collection-links";

export const metadata: Metadata = { title: "Collection · Image Prompt Playground", robots: { index: false, follow: false } };

type CollectionProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A collection: its runs as a grid, for everyone who may see it (anyone else is told there is none). */
export default async function CollectionRoute({ params, searchParams }: CollectionProps) {
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const { id } = await params;
  const linkParam = (await searchParams).link;
  const link = typeof linkParam === "string" ? linkParam : null;
  const context = await collectionPageContext(configResult.config, link ? `/c/${id}?link=${encodeURIComponent(link)}` : `/c/${id}`);
  if (!context.ok) {
    return (
      <NoticePage title={context.title} tone="warning">
        <p className="mt-2 text-sm">{context.detail}</p>
      </NoticePage>
    );
  }
  let collection = id.length <= 40 ? await collectionFor(context.database, id, context.viewer.author.id) : null;
  // Not theirs to see: a link for people outside opens it read-only, by the share pages' rules.
  let openedByLink = false;
  if (!collection && link) {
    const found = await collectionByLink(context.database, id, link);
    if (found.state === "expired") {
      return (
        <NoticePage title="This link has expired" tone="warning">
          <p className="mt-2 text-sm">The link to this collection has expired. Ask whoever sent it for a new one.</p>
        </NoticePage>
      );
    }
    if (found.state === "found") {
      collection = found.collection;
      openedByLink = true;
    }
  }
  if (!collection) notFound();
  const members = collection.role === "owner" ? await collectionMembers(context.database, collection.id) : [];
  return (
    <CollectionPage
      initial={collection}
      initialMembers={members}
      viewer={{ id: context.viewer.author.id, name: context.viewer.author.name }}
      people={configResult.config.access.oidc !== null}
      link={openedByLink ? link : null}
    />
  );
}
