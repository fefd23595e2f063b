import { PNG } from 'pngjs';
import { createRandom, hashString, type Random } from './demo-random.js';

type Rgb = [number, number, number];

/** What a demo picture is drawn from (an object, so that a field can be added without breaking callers). */
export interface DemoImageInput {
  modelId: string;
  prompt: string;
  width: number;
  height: number;
  /** A new seed draws a new picture; the same input gives the same picture. */
  seed?: number;
}

/** Draws a PNG of exactly width x height from the model, prompt and seed. */
export function drawDemoImage(input: DemoImageInput): Uint8Array {
  const { modelId, prompt, width, height, seed = 0 } = input;
  const random = createRandom(hashString(`${modelId}\u0000${prompt}\u0000${seed}`));
  const canvas = new Canvas(width, height);
  const hue = random.range(0, 360);
  const style = random.pick(['landscape', 'bokeh', 'waves'] as const);
  if (style === 'landscape') drawLandscape(canvas, random, hue);
  else if (style === 'bokeh') drawBokeh(canvas, random, hue);
  else drawWaves(canvas, random, hue);
  drawGrain(canvas, random);
  const png = new PNG({ width, height, colorType: 2, inputHasAlpha: true });
  png.data = canvas.buffer;
  // Low deflate effort and one fixed filter keep a 1792x1024 encode well under a second.
  return new Uint8Array(PNG.sync.write(png, { deflateLevel: 2, filterType: 1, colorType: 2, inputHasAlpha: true }));
}

class Canvas {
  readonly buffer: Buffer;
  /** A clamped view, so blending past 0 or 255 saturates instead of wrapping. */
  readonly data: Uint8ClampedArray;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.buffer = Buffer.alloc(width * height * 4, 255);
    this.data = new Uint8ClampedArray(this.buffer.buffer, this.buffer.byteOffset, this.buffer.length);
  }
  /** Blends a colour over pixel (x, y) with opacity a in 0..1. */
  blend(x: number, y: number, c: Rgb, a: number): void {
    const i = (y * this.width + x) * 4;
    const d = this.data;
    d[i] += (c[0] - d[i]) * a;
    d[i + 1] += (c[1] - d[i + 1]) * a;
    d[i + 2] += (c[2] - d[i + 2]) * a;
  }
  /** Fills every pixel with a linear gradient from `from` to `to` along the given angle. */
  gradient(from: Rgb, to: Rgb, angle: number): void {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const span = Math.abs(cos) * this.width + Math.abs(sin) * this.height;
    const offset = Math.min(0, cos * this.width) + Math.min(0, sin * this.height);
    const d = this.data;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const t = (x * cos + y * sin - offset) / span;
        const i = (y * this.width + x) * 4;
        d[i] = from[0] + (to[0] - from[0]) * t;
        d[i + 1] = from[1] + (to[1] - from[1]) * t;
        d[i + 2] = from[2] + (to[2] - from[2]) * t;
      }
    }
  }
  /** A soft disc: full opacity `alpha` inside `radius`, fading out over `glow` pixels. */
  disc(cx: number, cy: number, radius: number, glow: number, c: Rgb, alpha: number): void {
    const outer = radius + glow;
    const x0 = Math.max(0, Math.floor(cx - outer));
    const x1 = Math.min(this.width - 1, Math.ceil(cx + outer));
    const y0 = Math.max(0, Math.floor(cy - outer));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + outer));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const dist = Math.hypot(x - cx, y - cy);
        if (dist > outer) continue;
        const fade = dist <= radius ? 1 : 1 - (dist - radius) / glow;
        this.blend(x, y, c, alpha * fade * fade);
      }
    }
  }
}

function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 60;
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const x = chroma * (1 - Math.abs((hue % 2) - 1));
  const m = l - chroma / 2;
  const [r, g, b] =
    hue < 1
      ? [chroma, x, 0]
      : hue < 2
        ? [x, chroma, 0]
        : hue < 3
          ? [0, chroma, x]
          : hue < 4
            ? [0, x, chroma]
            : hue < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

// Sky, sun and ridges fading into the distance: layered silhouettes read as a landscape.
function drawLandscape(canvas: Canvas, random: Random, hue: number): void {
  const { width, height } = canvas;
  const night = random.next() < 0.35;
  canvas.gradient(hsl(hue + 200, 0.55, night ? 0.08 : 0.35), hsl(hue + 20, 0.75, night ? 0.3 : 0.72), Math.PI / 2);
  if (night) {
    for (let s = 0; s < 160; s++) {
      canvas.disc(
        random.range(0, width),
        random.range(0, height * 0.6),
        random.range(0.6, 1.8),
        1.5,
        [255, 255, 240],
        random.range(0.4, 0.9),
      );
    }
  }
  const sunR = Math.min(width, height) * random.range(0.06, 0.12);
  canvas.disc(
    random.range(width * 0.2, width * 0.8),
    random.range(height * 0.18, height * 0.45),
    sunR,
    sunR * 2.5,
    hsl(hue + 40, 0.9, 0.85),
    0.95,
  );
  const layers = random.int(3, 5);
  for (let layer = 0; layer < layers; layer++) {
    const depth = (layer + 1) / layers;
    const base = height * (0.45 + 0.45 * depth);
    // Broad swells plus finer ripples read as mountains rather than a pure sine.
    const waves = [
      ...[0, 1].map(() => ({ f: random.range(0.5, 3) / width, a: random.range(0.03, 0.09) * height })),
      ...[0, 1].map(() => ({ f: random.range(6, 16) / width, a: random.range(0.004, 0.015) * height })),
    ].map((w) => ({ ...w, p: random.range(0, Math.PI * 2) }));
    const color = hsl(hue + 180 + layer * 12, 0.35, night ? 0.2 - depth * 0.15 : 0.55 - depth * 0.4);
    for (let x = 0; x < width; x++) {
      let ridge = base;
      for (const w of waves) ridge -= w.a * Math.sin(x * w.f * Math.PI * 2 + w.p);
      for (let y = Math.max(0, Math.floor(ridge)); y < height; y++) canvas.blend(x, y, color, 0.92);
    }
  }
}

// Out-of-focus lights over a diagonal gradient, finished with a fine dot grid.
function drawBokeh(canvas: Canvas, random: Random, hue: number): void {
  const { width, height } = canvas;
  canvas.gradient(hsl(hue, 0.6, 0.14), hsl(hue + random.range(40, 120), 0.65, 0.4), random.range(0, Math.PI));
  const count = random.int(24, 40);
  const unit = Math.min(width, height);
  for (let n = 0; n < count; n++) {
    const r = unit * random.range(0.02, 0.12);
    canvas.disc(
      random.range(0, width),
      random.range(0, height),
      r,
      r * 0.35,
      hsl(hue + random.range(-40, 80), 0.8, random.range(0.55, 0.8)),
      random.range(0.15, 0.45),
    );
  }
  const step = Math.round(unit / 48);
  for (let y = step; y < height; y += step) {
    for (let x = step; x < width; x += step) canvas.blend(x, y, [255, 255, 255], 0.18);
  }
}

// Stacked sine bands in neighbouring hues, with a ringed sun behind them.
function drawWaves(canvas: Canvas, random: Random, hue: number): void {
  const { width, height } = canvas;
  canvas.gradient(hsl(hue + 30, 0.7, 0.82), hsl(hue, 0.6, 0.55), Math.PI / 2);
  const cx = random.range(width * 0.25, width * 0.75);
  const cy = height * random.range(0.25, 0.4);
  const unit = Math.min(width, height);
  for (let ring = 4; ring >= 1; ring--) canvas.disc(cx, cy, unit * 0.05 * ring, 2, hsl(hue + 20 + ring * 8, 0.8, 0.6 + ring * 0.05), 0.5);
  const bands = random.int(5, 8);
  for (let band = 0; band < bands; band++) {
    const t = band / bands;
    const base = height * (0.45 + 0.55 * t);
    const f = random.range(1, 4) / width;
    const p = random.range(0, Math.PI * 2);
    const a = height * random.range(0.015, 0.05);
    const color = hsl(hue + 160 + band * random.range(6, 14), 0.55, 0.6 - t * 0.4);
    for (let x = 0; x < width; x++) {
      const top = base + a * Math.sin(x * f * Math.PI * 2 + p);
      for (let y = Math.max(0, Math.floor(top)); y < height; y++) canvas.blend(x, y, color, 0.85);
    }
  }
}

// A faint diagonal sheen so flat areas do not look synthetic.
function drawGrain(canvas: Canvas, random: Random): void {
  const period = random.int(160, 320);
  const { width, height, data } = canvas;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = Math.sin(((x + y) / period) * Math.PI * 2) * 2.5;
      const i = (y * width + x) * 4;
      data[i] += shade;
      data[i + 1] += shade;
      data[i + 2] += shade;
    }
  }
}
