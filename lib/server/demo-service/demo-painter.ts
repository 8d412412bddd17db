import "server-only";

import { dimensionsForLongSide, type AspectRatio } from "@/lib/request/aspect-ratio";
import { encodePng } from "@/lib/node/png-encoder";
import { CAPTION_GLYPH, Raster } from "./raster";
import { seededRandom } from "@/lib/utils/seeded-random";
import { colourForWord, hashText, meaningfulWords, mixColours, type Rgb } from "./prompt-palette";

/**
 * Paints the demo service's pictures: colours and shapes come from the prompt's words, the style
 * from the model, and the caption is the prompt itself, so a presenter can see the image belongs
 * to what was typed. Same model + prompt + ratio → the same bytes.
 */

export const DEMO_LONG_SIDE = 1024;

export type DemoStyle = "geometric" | "watercolor" | "pixel";

type Scene = { palette: Rgb[]; random: () => number; words: string[] };

function makeScene(style: DemoStyle, prompt: string, ratioText: string, variation: string): Scene {
  const words = meaningfulWords(prompt).slice(0, 14);
  const palette = words.map(colourForWord);
  // No variation keeps the very bytes the demo always painted for this model, prompt and ratio.
  const key = `${style}\n${prompt}\n${ratioText}${variation ? `\n${variation}` : ""}`;
  return { words, palette, random: seededRandom(hashText(key)) };
}

/** The last word usually names the setting ("… in snow", "… at sunset"): it colours the backdrop. */
function background(raster: Raster, scene: Scene, style: DemoStyle): void {
  const setting = scene.palette[scene.palette.length - 1] ?? [90, 90, 120];
  if (style === "watercolor") {
    const paper: Rgb = [246, 240, 228];
    raster.verticalGradient(mixColours(paper, setting, 0.3), mixColours(paper, setting, 0.12));
  } else {
    raster.verticalGradient(mixColours(setting, [16, 20, 44], 0.5), mixColours(setting, [255, 255, 255], 0.3));
  }
}

function shapes(raster: Raster, scene: Scene, style: DemoStyle): void {
  const shortSide = Math.min(raster.width, raster.height);
  scene.words.forEach((word, index) => {
    const colour = scene.palette[index] ?? [200, 200, 200];
    const kind = hashText(word) % 4;
    const count = style === "watercolor" ? 3 : 2 + (hashText(word) % 2);
    for (let copy = 0; copy < count; copy++) {
      const cx = scene.random() * raster.width;
      const cy = scene.random() * raster.height * 0.85;
      const size = shortSide * (0.06 + scene.random() * 0.22) * (copy === 0 ? 1 : 0.6);
      if (style === "watercolor") {
        raster.circle(cx, cy, size * 1.6, colour, 0.6, 0.8);
      } else if (kind === 0) {
        raster.circle(cx, cy, size, colour, 0.92);
      } else if (kind === 1) {
        raster.rect(cx - size, cy - size * 0.7, size * 2, size * 1.4, colour, 0.88);
      } else if (kind === 2) {
        raster.triangle(
          [
            [cx, cy - size],
            [cx + size, cy + size * 0.8],
            [cx - size, cy + size * 0.8],
          ],
          colour,
          0.9,
        );
      } else {
        raster.ring(cx, cy, size, Math.max(2, size * 0.22), colour, 0.95);
      }
    }
  });
}

function caption(raster: Raster, prompt: string): void {
  const scale = Math.max(2, Math.round(Math.max(raster.width, raster.height) / 256));
  const advance = (CAPTION_GLYPH.width + 1) * scale;
  const padding = scale * 3;
  const maxCharacters = Math.max(4, Math.floor((raster.width - padding * 2) / advance));
  const oneLine = prompt.replace(/\s+/g, " ").trim().toUpperCase();
  const text = oneLine.length > maxCharacters ? `${oneLine.slice(0, maxCharacters - 3)}...` : oneLine;
  const bandHeight = CAPTION_GLYPH.height * scale + padding * 2;
  raster.rect(0, raster.height - bandHeight, raster.width, bandHeight, [12, 14, 24], 0.62);
  raster.text(text, padding, raster.height - bandHeight + padding, scale, [250, 250, 250]);
}

export type PaintOptions = {
  /** Another picture for the same request: a seed, or the index of one of several images (n). */
  variation?: string;
  /** A partial picture, as a stream sends before the final one: the scene at this coarse long side, enlarged. */
  coarseLongSide?: number;
};

export function paintDemoImage(
  style: DemoStyle,
  prompt: string,
  ratio: AspectRatio,
  options: PaintOptions = {},
): { png: Buffer; width: number; height: number } {
  const { width, height } = dimensionsForLongSide(ratio, DEMO_LONG_SIDE);
  const ratioText = `${ratio.width}:${ratio.height}`;
  const scene = makeScene(style, prompt, ratioText, options.variation ?? "");
  const raster = new Raster(width, height);
  const sketchSide = options.coarseLongSide ?? (style === "pixel" ? 96 : null);
  if (sketchSide !== null) {
    // Paint small, then enlarge with square pixels: the pixel style's mosaic, or a partial picture.
    const small = dimensionsForLongSide(ratio, sketchSide);
    const sketch = new Raster(small.width, small.height);
    background(sketch, scene, style);
    shapes(sketch, scene, style);
    raster.upscaleFrom(sketch);
  } else {
    background(raster, scene, style);
    shapes(raster, scene, style);
  }
  if (options.coarseLongSide === undefined) caption(raster, prompt);
  return { png: encodePng(width, height, raster.toRgbBytes()), width, height };
}
