import { randomBytes } from 'node:crypto';
import { ASSISTANT_LIMITS, AppError, MESSAGES } from '@ensemble/shared';
import sharp from 'sharp';

/** The stored form of an icon: a small WebP and the random key it is served by. */
export interface StoredIcon {
  icon: Uint8Array;
  icon_key: string;
}

// A picture larger than this is refused before it is decoded (a small file may claim huge dimensions).
const MAX_INPUT_PIXELS = 40_000_000;

/** A new random key for an icon (128 bits, hex): its URL, which changes with every new icon so it can be cached for good. */
export const newIconKey = (): string => randomBytes(16).toString('hex');

/**
 * An uploaded icon (a data: URL the schema has checked) made storable: decoded, its first frame cropped to a centred
 * square and re-encoded as a 128×128 WebP. Whatever the upload carried besides its pixels (metadata, scripts in an
 * SVG, other frames) is not kept. A picture that does not decode is a 400.
 */
export async function storableIcon(dataUrl: string): Promise<StoredIcon> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length === 0 || bytes.length > ASSISTANT_LIMITS.iconUploadBytes) throw new AppError('bad_request', MESSAGES.assistantBadIcon);
  const side = ASSISTANT_LIMITS.iconPx;
  try {
    const icon = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'error' })
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
    return { icon, icon_key: newIconKey() };
  } catch {
    throw new AppError('bad_request', MESSAGES.assistantBadIcon);
  }
}
