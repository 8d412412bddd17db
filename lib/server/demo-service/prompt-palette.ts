import "server-only";

/**
 * Turns a prompt into what the demo painter draws: its meaningful words, a colour for each
 * (colour words and common scenery keep their real colour; other words get a stable hue), and a
 * seeded random source so the same model + prompt + ratio always paints the same picture.
 */

export type Rgb = [number, number, number];

const NAMED_COLOURS: Record<string, Rgb> = {
  red: [214, 40, 40],
  crimson: [180, 20, 50],
  scarlet: [230, 45, 30],
  fox: [222, 110, 35],
  orange: [245, 140, 30],
  amber: [255, 176, 0],
  autumn: [200, 100, 30],
  yellow: [250, 215, 50],
  gold: [212, 175, 55],
  golden: [225, 180, 60],
  sun: [255, 200, 60],
  lemon: [250, 240, 90],
  green: [60, 170, 70],
  emerald: [20, 140, 90],
  forest: [30, 100, 50],
  grass: [100, 180, 60],
  leaf: [80, 160, 60],
  jungle: [20, 110, 60],
  teal: [0, 128, 128],
  cyan: [40, 200, 220],
  blue: [40, 90, 210],
  navy: [20, 30, 90],
  ocean: [20, 90, 160],
  sea: [30, 110, 170],
  sky: [120, 180, 240],
  water: [60, 140, 200],
  river: [70, 130, 190],
  rain: [110, 130, 160],
  purple: [130, 60, 180],
  violet: [140, 80, 220],
  lavender: [180, 160, 230],
  pink: [240, 130, 180],
  rose: [230, 90, 120],
  magenta: [220, 40, 160],
  brown: [120, 80, 45],
  wood: [140, 95, 55],
  earth: [110, 80, 50],
  sand: [220, 200, 150],
  desert: [225, 185, 120],
  beige: [225, 210, 180],
  white: [245, 245, 245],
  snow: [238, 244, 250],
  ice: [200, 230, 245],
  cloud: [225, 230, 240],
  winter: [215, 230, 245],
  black: [20, 20, 24],
  night: [20, 25, 60],
  dark: [30, 30, 40],
  shadow: [45, 45, 60],
  grey: [128, 128, 128],
  gray: [128, 128, 128],
  silver: [190, 195, 200],
  fire: [240, 90, 20],
  flame: [250, 120, 30],
  lava: [210, 50, 20],
  sunset: [250, 120, 80],
  sunrise: [255, 170, 110],
  moon: [220, 220, 200],
  neon: [60, 255, 170],
  mountain: [110, 115, 130],
};

const STOP_WORDS = new Set("a an the in on of at to and or with for from by into over under is are be as it its this that very".split(" "));

/** FNV-1a: small, stable across platforms, good enough to spread words over hues. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const sector = (hue / 60) % 6;
  const x = chroma * (1 - Math.abs((sector % 2) - 1));
  const [r, g, b] =
    sector < 1
      ? [chroma, x, 0]
      : sector < 2
        ? [x, chroma, 0]
        : sector < 3
          ? [0, chroma, x]
          : sector < 4
            ? [0, x, chroma]
            : sector < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

export function meaningfulWords(prompt: string): string[] {
  const words = prompt.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const kept = words.filter((word) => !STOP_WORDS.has(word));
  return kept.length > 0 ? kept : ["empty"];
}

export function colourForWord(word: string): Rgb {
  const named = NAMED_COLOURS[word] ?? NAMED_COLOURS[word.replace(/s$/, "")];
  if (named) return named;
  const hash = hashText(word);
  return hslToRgb(hash % 360, 0.55 + ((hash >>> 9) % 30) / 100, 0.45 + ((hash >>> 17) % 20) / 100);
}

export function mixColours(a: Rgb, b: Rgb, amount: number): Rgb {
  return [a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount];
}
