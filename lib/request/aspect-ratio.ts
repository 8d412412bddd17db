/** Ratio math shared by the form, the result view and the demo service. */

export type AspectRatio = { width: number; height: number };

export const RATIO_PRESETS = ["1:1", "4:3", "3:4", "3:2", "2:3", "16:9", "9:16", "21:9"] as const;

/** Exactly `W:H`, each a positive integer of at most 5 digits (the schema explains other shapes). */
const STRICT_RATIO = /^([1-9]\d{0,4}):([1-9]\d{0,4})$/;

export function parseAspectRatio(text: string): AspectRatio | null {
  const match = STRICT_RATIO.exec(text);
  if (!match) return null;
  return { width: Number(match[1]), height: Number(match[2]) };
}

export function formatAspectRatio({ width, height }: AspectRatio): string {
  return `${width}:${height}`;
}

export function swapAspectRatio(text: string): string | null {
  const ratio = parseAspectRatio(text);
  return ratio ? formatAspectRatio({ width: ratio.height, height: ratio.width }) : null;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** 1920:1080 → 16:9, so an image's natural size can be named like a preset. */
export function reduceAspectRatio({ width, height }: AspectRatio): AspectRatio {
  const divisor = greatestCommonDivisor(width, height);
  return { width: width / divisor, height: height / divisor };
}

/** Pixel size with the long side fixed, never below 1 px on the short side. */
export function dimensionsForLongSide(ratio: AspectRatio, longSide: number): AspectRatio {
  if (ratio.width >= ratio.height) {
    return { width: longSide, height: Math.max(1, Math.round((longSide * ratio.height) / ratio.width)) };
  }
  return { width: Math.max(1, Math.round((longSide * ratio.width) / ratio.height)), height: longSide };
}

/** Signed drift of the actual shape from the requested one, in percent of the requested ratio. */
export function ratioDriftPercent(requested: AspectRatio, actual: AspectRatio): number {
  const wanted = requested.width / requested.height;
  const got = actual.width / actual.height;
  return ((got - wanted) / wanted) * 100;
}

/** A human name for a natural size: "16:9" when it reduces to something short, else "1.78:1". */
export function describeRatio(size: AspectRatio): string {
  const reduced = reduceAspectRatio(size);
  if (reduced.width <= 64 && reduced.height <= 64) return formatAspectRatio(reduced);
  return `${(size.width / size.height).toFixed(2)}:1`;
}
