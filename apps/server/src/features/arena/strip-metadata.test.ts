import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from './strip-metadata.js';

const MAKER = 'OpenAI gpt-image-2.6-flare';

/** An 8×8 picture in `format` carrying the maker's name in EXIF and XMP, as providers' files do. */
async function signed(format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } })
    .toFormat(format)
    .withExif({ IFD0: { Software: MAKER, ImageDescription: 'A lighthouse at dusk' } })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${MAKER}</rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
}

describe('a blind picture keeps its pixels and loses its maker', () => {
  for (const [format, mediaType] of [
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const) {
    it(`${format}: no EXIF, no XMP, no maker's name; same size and format`, async () => {
      const input = await signed(format);
      expect(Buffer.from(input).toString('latin1')).toContain(MAKER);
      const out = await stripImageMetadata(input, mediaType);
      expect(out.mediaType).toBe(mediaType);
      expect(Buffer.from(out.bytes).toString('latin1')).not.toContain(MAKER);
      const meta = await sharp(out.bytes).metadata();
      expect(meta).toMatchObject({ format, width: 8, height: 8 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    });
  }

  it('a PNG is written again losslessly: the same pixels', async () => {
    const input = await signed('png');
    const out = await stripImageMetadata(input, 'image/png');
    const pixels = async (b: Uint8Array) => sharp(b).raw().toBuffer();
    expect(Buffer.compare(await pixels(out.bytes), await pixels(input))).toBe(0);
  });
});
