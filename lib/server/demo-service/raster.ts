import "server-only";

import type { Rgb } from "./prompt-palette";
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphRows } from "./pixel-font";

/** A floating-point RGB canvas with the few primitives the demo painter needs. */
export class Raster {
  readonly pixels: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  private blend(x: number, y: number, colour: Rgb, alpha: number): void {
    if (alpha <= 0) return;
    const index = (y * this.width + x) * 3;
    const a = Math.min(1, alpha);
    for (let channel = 0; channel < 3; channel++) {
      const current = this.pixels[index + channel] ?? 0;
      this.pixels[index + channel] = current + ((colour[channel] ?? 0) - current) * a;
    }
  }

  verticalGradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      const t = this.height === 1 ? 0 : y / (this.height - 1);
      const colour: Rgb = [top[0] + (bottom[0] - top[0]) * t, top[1] + (bottom[1] - top[1]) * t, top[2] + (bottom[2] - top[2]) * t];
      for (let x = 0; x < this.width; x++) this.blend(x, y, colour, 1);
    }
  }

  /** A disc; `softness` is the outer fraction of the radius over which it fades out (0 = crisp edge). */
  circle(cx: number, cy: number, radius: number, colour: Rgb, alpha: number, softness = 0): void {
    const x0 = Math.max(0, Math.floor(cx - radius)),
      x1 = Math.min(this.width - 1, Math.ceil(cx + radius));
    const y0 = Math.max(0, Math.floor(cy - radius)),
      y1 = Math.min(this.height - 1, Math.ceil(cy + radius));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const distance = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        if (distance > radius) continue;
        const edge = Math.min(1, radius - distance); // one pixel of anti-aliasing
        const fade = softness > 0 ? Math.min(1, (1 - distance / radius) / softness) : 1;
        this.blend(x, y, colour, alpha * edge * fade);
      }
    }
  }

  ring(cx: number, cy: number, radius: number, thickness: number, colour: Rgb, alpha: number): void {
    const x0 = Math.max(0, Math.floor(cx - radius)),
      x1 = Math.min(this.width - 1, Math.ceil(cx + radius));
    const y0 = Math.max(0, Math.floor(cy - radius)),
      y1 = Math.min(this.height - 1, Math.ceil(cy + radius));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const distance = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const inside = Math.min(radius - distance, distance - (radius - thickness));
        if (inside > 0) this.blend(x, y, colour, alpha * Math.min(1, inside));
      }
    }
  }

  rect(x: number, y: number, width: number, height: number, colour: Rgb, alpha: number): void {
    const x0 = Math.max(0, Math.round(x)),
      x1 = Math.min(this.width, Math.round(x + width));
    const y0 = Math.max(0, Math.round(y)),
      y1 = Math.min(this.height, Math.round(y + height));
    for (let row = y0; row < y1; row++) for (let column = x0; column < x1; column++) this.blend(column, row, colour, alpha);
  }

  triangle(points: [number, number][], colour: Rgb, alpha: number): void {
    const [a, b, c] = points;
    if (!a || !b || !c) return;
    const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0]))),
      x1 = Math.min(this.width - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
    const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1]))),
      y1 = Math.min(this.height - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
    const area = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
    if (area === 0) return;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5,
          py = y + 0.5;
        const w0 = ((b[0] - px) * (c[1] - py) - (c[0] - px) * (b[1] - py)) / area;
        const w1 = ((c[0] - px) * (a[1] - py) - (a[0] - px) * (c[1] - py)) / area;
        if (w0 >= 0 && w1 >= 0 && w0 + w1 <= 1) this.blend(x, y, colour, alpha);
      }
    }
  }

  text(text: string, x: number, y: number, scale: number, colour: Rgb): void {
    let cursor = x;
    for (const character of text) {
      const rows = glyphRows(character);
      rows.forEach((bits, row) => {
        for (let column = 0; column < GLYPH_WIDTH; column++) {
          if (bits & (1 << (GLYPH_WIDTH - 1 - column))) this.rect(cursor + column * scale, y + row * scale, scale, scale, colour, 1);
        }
      });
      cursor += (GLYPH_WIDTH + 1) * scale;
    }
  }

  /** Copies a smaller raster onto this one with square pixels (the pixel-art style). */
  upscaleFrom(source: Raster): void {
    for (let y = 0; y < this.height; y++) {
      const sy = Math.min(source.height - 1, Math.floor((y * source.height) / this.height));
      for (let x = 0; x < this.width; x++) {
        const sx = Math.min(source.width - 1, Math.floor((x * source.width) / this.width));
        const from = (sy * source.width + sx) * 3,
          to = (y * this.width + x) * 3;
        for (let channel = 0; channel < 3; channel++) this.pixels[to + channel] = source.pixels[from + channel] ?? 0;
      }
    }
  }

  toRgbBytes(): Uint8Array {
    const bytes = new Uint8Array(this.pixels.length);
    for (let i = 0; i < this.pixels.length; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(this.pixels[i] ?? 0)));
    return bytes;
  }
}

export const CAPTION_GLYPH = { width: GLYPH_WIDTH, height: GLYPH_HEIGHT };
