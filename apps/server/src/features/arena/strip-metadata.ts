import sharp from 'sharp';

/**
 * A blind picture's file must not name its maker (issue 41): providers write their name, the model and the prompt into
 * the file (PNG text chunks, EXIF and XMP, C2PA content credentials). The picture is written again in its own format by
 * sharp, which keeps the pixels and none of the metadata (PNG losslessly; JPEG and WebP at a high quality).
 */
export async function stripImageMetadata(bytes: Uint8Array, mediaType: string): Promise<{ bytes: Uint8Array; mediaType: string }> {
  const image = sharp(bytes);
  const out =
    mediaType === 'image/jpeg' ? image.jpeg({ quality: 95 }) : mediaType === 'image/webp' ? image.webp({ quality: 95 }) : image.png();
  return {
    bytes: new Uint8Array(await out.toBuffer()),
    mediaType: mediaType === 'image/jpeg' || mediaType === 'image/webp' ? mediaType : 'image/png',
  };
}
