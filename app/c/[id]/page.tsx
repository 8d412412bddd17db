import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { NoticePage } from "@/components/ui/notice-page";
import { CollectionPage } from "@/components/collections/collection-page";
import { getServerConfig } from "@/lib/server/config/config";
import { collectionFor, collectionMembers } from "@/lib/server/library/collection-store";
import { collectionPageContext } from "@/lib/server/library/collection-page-data";

export const metadata: Metadata = { title: "Collection · Image Prompt Playground", robots: { index: false, follow: false } };

type CollectionProps = { params: Promise<{ id: string }> };

/** A collection: its runs as a grid, for everyone who may see it (anyone else is told there is none). */
export default async function CollectionRoute({ params }: CollectionProps) {
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const { id } = await params;
  const context = await collectionPageContext(configResult.config, `/c/${id}`);
  if (!context.ok) {
    return (
      <NoticePage title={context.title} tone="warning">
        <p className="mt-2 text-sm">{context.detail}</p>
      </NoticePage>
    );
  }
  const collection = id.length <= 40 ? await collectionFor(context.database, id, context.viewer.author.id) : null;
  if (!collection) notFound();
  const members = collection.role === "owner" ? await collectionMembers(context.database, collection.id) : [];
  return (
    <CollectionPage
      initial={collection}
      initialMembers={members}
      viewer={{ id: context.viewer.author.id, name: context.viewer.author.name }}
      people={configResult.config.access.oidc !== null}
    />
  );
}
