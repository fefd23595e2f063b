/** What the first bytes of a supported image say about it. */
export interface ImageHeader {
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

function png(b: Uint8Array, v: DataView): ImageHeader | null {
  if (b.length < 24 || !PNG_SIGNATURE.every((x, i) => b[i] === x) || ascii(b, 12, 4) !== 'IHDR') return null;
  return { mediaType: 'image/png', ext: 'png', width: v.getUint32(16), height: v.getUint32(20) };
}

function jpeg(b: Uint8Array, v: DataView): ImageHeader | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // image data before any frame header
    const length = v.getUint16(i + 2);
    if (JPEG_SOF.has(marker)) {
      if (i + 9 > b.length) return null;
      return { mediaType: 'image/jpeg', ext: 'jpg', width: v.getUint16(i + 7), height: v.getUint16(i + 5) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

function webp(b: Uint8Array, v: DataView): ImageHeader | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  const image = (width: number, height: number): ImageHeader => ({ mediaType: 'image/webp', ext: 'webp', width, height });
  if (chunk === 'VP8X') {
    const u24 = (at: number) => (b[at] as number) | ((b[at + 1] as number) << 8) | ((b[at + 2] as number) << 16);
    return image(u24(24) + 1, u24(27) + 1);
  }
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return image(v.getUint16(26, true) & 0x3fff, v.getUint16(28, true) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = v.getUint32(21, true);
    return image((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  return null;
}

/** Identifies a PNG, JPEG or WebP by its magic bytes and reads its size from the header; null for anything else. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = png(bytes, view) ?? jpeg(bytes, view) ?? webp(bytes, view);
  if (!header || header.width < 1 || header.height < 1) return null;
  return header;
}
