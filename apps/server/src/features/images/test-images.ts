import { inflateRawSync } from 'node:zlib';
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

/** Reads a zip through its central directory: entry names and their bytes. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataAt, dataAt + size);
    out.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
