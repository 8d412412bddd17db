import { describeRatio, type AspectRatio } from "@/lib/request/aspect-ratio";

/** The chosen shape at a glance, updated as the person types. */
export function RatioPreview({ ratio }: { ratio: AspectRatio | null }) {
  const box = 72;
  const scale = ratio ? box / Math.max(ratio.width, ratio.height) : 0;
  const width = ratio ? Math.max(3, ratio.width * scale) : box;
  const height = ratio ? Math.max(3, ratio.height * scale) : box;
  return (
    <figure className="flex w-24 shrink-0 flex-col items-center gap-1 pt-6" aria-label="Shape preview">
      <div className="flex size-[72px] items-center justify-center">
        <div
          data-testid="ratio-preview"
          className={`rounded-md border-2 transition-all ${ratio ? "border-accent-500 bg-accent-500/15" : "border-dashed border-zinc-400"}`}
          style={{ width, height }}
        />
      </div>
      <figcaption className="text-center text-xs text-muted tabular-nums dark:text-zinc-400">
        {ratio ? (ratio.width === ratio.height ? "square" : ratio.width > ratio.height ? "landscape" : "portrait") : "—"}
        {ratio && describeRatio(ratio) !== `${ratio.width}:${ratio.height}` && <span className="block">= {describeRatio(ratio)}</span>}
      </figcaption>
    </figure>
  );
}
