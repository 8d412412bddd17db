import type { Metadata } from "next";
import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { NoticePage } from "@/components/ui/notice-page";
import { CollectionsIndex } from "@/components/collections/collections-index";
import { getServerConfig } from "@/lib/server/config/config";
import { collectionsFor } from "@/lib/server/library/collection-store";
import { collectionPageContext } from "@/lib/server/library/collection-page-data";

export const metadata: Metadata = { title: "Collections · Image Prompt Playground" };

/** Every collection the person may see: their own, those given to them, the team's. */
export default async function CollectionsRoute() {
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const context = await collectionPageContext(configResult.config, "/c");
  if (!context.ok) {
    return (
      <NoticePage title={context.title} tone="warning">
        <p className="mt-2 text-sm">{context.detail}</p>
      </NoticePage>
    );
  }
  const collections = await collectionsFor(context.database, context.viewer.author.id);
  return <CollectionsIndex collections={collections} who={context.viewer.author.name} />;
}
