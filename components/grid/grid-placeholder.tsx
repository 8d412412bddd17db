import { EmptyPanel } from "@/components/ui/empty-panel";

/** The right-hand side in grid mode before any grid ran. */
export function GridPlaceholder() {
  return (
    <EmptyPanel title="Your grid will appear here" fill>
      <p className="max-w-md text-sm">
        Write prompt variants (one per line, or {"{a|b}"} choices), list models and pick ratios: every combination runs, and the results
        fill a table as they finish.
      </p>
    </EmptyPanel>
  );
}
