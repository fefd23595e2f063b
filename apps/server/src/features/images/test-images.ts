import { PNG } from 'pngjs';

/** A real PNG of the given size filled with noise (so it does not compress away). */
export function pngBytes(width: number, height: number, seed = 1): Uint8Array {
  const png = new PNG({ width, height });
  let s = seed;
  for (let i = 0; i < png.data.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    png.data[i] = i % 4 === 3 ? 255 : s & 0xff;
  }
  return new Uint8Array(PNG.sync.write(png));
}

/** A JPEG header (SOI, APP0, SOF0) announcing the given size. */
export function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

function riff(chunk: string, payload: number[]): Uint8Array {
  const body = [...Buffer.from('WEBP'), ...Buffer.from(chunk), payload.length & 0xff, (payload.length >> 8) & 0xff, 0, 0, ...payload];
  const size = body.length;
  return new Uint8Array([...Buffer.from('RIFF'), size & 0xff, (size >> 8) & 0xff, 0, 0, ...body, 0, 0, 0, 0, 0, 0]);
}

/** WebP headers of the three kinds (extended, lossy, lossless) announcing the given size. */
export function webpHeader(kind: 'VP8X' | 'VP8 ' | 'VP8L', width: number, height: number): Uint8Array {
  const le24 = (v: number) => [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff];
  if (kind === 'VP8X') return riff('VP8X', [0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);
  if (kind === 'VP8 ') return riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, width & 0xff, width >> 8, height & 0xff, height >> 8]);
  const bits = (width - 1) | ((height - 1) << 14);
  return riff('VP8L', [0x2f, bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff]);
}
