import type { AspectRatio } from "@/lib/request/aspect-ratio";

/** A small rectangle drawn in the shape of a ratio, fitted into a square box. */
export function RatioShape({ ratio, size = 18, className = "" }: { ratio: AspectRatio; size?: number; className?: string }) {
  const scale = size / Math.max(ratio.width, ratio.height);
  const width = Math.max(2, ratio.width * scale);
  const height = Math.max(2, ratio.height * scale);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" className={className}>
      <rect
        x={(size - width) / 2 + 0.75}
        y={(size - height) / 2 + 0.75}
        width={width - 1.5}
        height={height - 1.5}
        rx={1.5}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
      />
    </svg>
  );
}
