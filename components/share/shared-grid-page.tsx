import type { SharedGridRecord } from "@/lib/history/share-files";
import { PanelBoundary } from "@/components/ui/panel-boundary";
import { SharedPageFrame, ShareFacts, utcText } from "./shared-page-frame";
import { SharedGridResult } from "./shared-grid-result";
import { ShareFeedback } from "./share-feedback";

const distinct = (values: string[]) => [...new Set(values)];

/** A shared grid, read-only: what was swept, then the grid's table with every cell openable. */
export function SharedGridPage({
  id,
  record,
  expiresAt,
  author,
  signedInAs,
  endpoints,
}: {
  id: string;
  record: SharedGridRecord;
  expiresAt: Date | null;
  /** Who shared it, when people sign in with a provider. */
  author: string | null;
  /** The viewer's name when signed in with a provider: their feedback carries it. */
  signedInAs: string | null;
  endpoints: readonly string[];
}) {
  const { cells } = record;
  const prompts = distinct(cells.map((cell) => cell.request.prompt));
  const models = distinct(cells.map((cell) => cell.request.model));
  const ratios = distinct(cells.map((cell) => cell.request.aspect_ratio));
  const succeeded = cells.filter((cell) => cell.status === "succeeded").length;
  const group = cells[0]?.group;
  const made = Math.min(...cells.map((cell) => cell.createdAt));
  return (
    <SharedPageFrame kind="shared grid" endpoints={endpoints}>
      <section aria-label="Shared grid" className="flex flex-col gap-3">
        <h1 className="text-xl leading-snug font-semibold break-words">
          Grid of {group?.cellCount ?? cells.length} cells: {prompts[0]}
          {prompts.length > 1 && <span className="font-normal text-muted"> and {prompts.length - 1} more prompts</span>}
        </h1>
        <ShareFacts
          facts={[
            ["Models", models.join(", ")],
            ["Ratios", ratios.join(", ")],
            ...(group?.spec.field ? ([[group.spec.field, group.spec.fieldValues ?? ""]] as [string, string][]) : []),
            ["With images", `${succeeded} of ${group?.cellCount ?? cells.length}`],
            ["Made", utcText(made)],
            ...(author ? ([["By", author]] as [string, string][]) : []),
            ["Link expires", expiresAt ? utcText(expiresAt) : "Never"],
          ]}
        />
      </section>
      <section aria-label="Grid" className="min-w-0">
        <PanelBoundary panel="The shared grid">
          <SharedGridResult id={id} cells={cells} />
        </PanelBoundary>
      </section>
      <ShareFeedback shareId={id} signedInAs={signedInAs} />
    </SharedPageFrame>
  );
}
