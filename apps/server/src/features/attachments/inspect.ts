import { ATTACHMENT_LIMITS, AppError, TEXT_FILE_EXTENSIONS, type AttachmentKind } from '@ensemble/shared';
import sharp, { type Metadata } from 'sharp';
import { extractPdfText } from './pdf-text.js';

/** An uploaded file that passed every check, ready to store. */
export interface InspectedFile {
  kind: AttachmentKind;
  name: string;
  mediaType: string;
  ext: string;
  /** What is stored: the upload itself, or a GIF's first frame as PNG. */
  bytes: Uint8Array;
  width: number | null;
  height: number | null;
  thumbnail: Uint8Array | null;
  /** The text a model reads (PDF or text file); for a PDF, capped. */
  text: string | null;
  truncated: boolean;
}

/** The user-facing refusals. */
export const ATTACHMENT_MESSAGES = {
  tooBig: (name: string) => `"${name}" is larger than ${ATTACHMENT_LIMITS.maxBytes / 1024 / 1024} MB`,
  tooMany: `At most ${ATTACHMENT_LIMITS.perMessage} files can be attached to one message`,
  wrongType: (name: string) => `"${name}" is not a supported file: attach PNG, JPEG, WebP or GIF images, PDFs, or text and code files`,
  corruptPdf: (name: string) => `"${name}" could not be read as a PDF (the file is damaged or not a PDF)`,
  encryptedPdf: (name: string) => `"${name}" is password-protected; remove the password and attach it again`,
  badImage: (name: string) => `"${name}" could not be read as an image (the file is damaged)`,
  tooLarge: (name: string) =>
    `"${name}" is too large in pixels (at most ${ATTACHMENT_LIMITS.maxSide} px a side and ${ATTACHMENT_LIMITS.maxPixels / 1_000_000} megapixels)`,
  empty: (name: string) => `"${name}" is empty`,
  noFiles: 'Choose at least one file to attach',
} as const;

const THUMB_PX = 256;

const starts = (b: Uint8Array, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the magic bytes say, or null. */
function imageType(b: Uint8Array): { mediaType: string; ext: string } | null {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mediaType: 'image/png', ext: 'png' };
  if (starts(b, [0xff, 0xd8, 0xff])) return { mediaType: 'image/jpeg', ext: 'jpg' };
  if (starts(b, ascii('RIFF')) && starts(b, ascii('WEBP'), 8)) return { mediaType: 'image/webp', ext: 'webp' };
  if (starts(b, ascii('GIF87a')) || starts(b, ascii('GIF89a'))) return { mediaType: 'image/gif', ext: 'gif' };
  return null;
}

const isPdf = (b: Uint8Array) => {
  // The header may follow a little leading junk (up to 1 KB, as readers allow).
  const head = Buffer.from(b.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
};

/** The lower-cased extension of a file name ('' when none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** A safe display name: no folders, no control characters, bounded. */
export function cleanName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Checks one upload by its content: an image by its magic bytes and decoded size (a GIF becomes its
 * first frame), a PDF by its header and a full text extraction off the event loop, a text or code
 * file by its extension and valid UTF-8. Throws a 400/413 AppError with the file's name otherwise.
 */
export async function inspectFile(rawName: string | undefined, bytes: Uint8Array): Promise<InspectedFile> {
  const name = cleanName(rawName);
  if (bytes.length === 0) throw new AppError('bad_request', ATTACHMENT_MESSAGES.empty(name));
  if (bytes.length > ATTACHMENT_LIMITS.maxBytes) throw new AppError('payload_too_large', ATTACHMENT_MESSAGES.tooBig(name));
  const image = imageType(bytes);
  if (image) return inspectImage(name, bytes, image);
  if (isPdf(bytes)) {
    const pdf = await extractPdfText(bytes, ATTACHMENT_LIMITS.pdfTextChars);
    if (!pdf.ok) {
      throw new AppError(
        'bad_request',
        pdf.reason === 'encrypted' ? ATTACHMENT_MESSAGES.encryptedPdf(name) : ATTACHMENT_MESSAGES.corruptPdf(name),
      );
    }
    const common = { width: null, height: null, thumbnail: null };
    return { kind: 'pdf', name, mediaType: 'application/pdf', ext: 'pdf', bytes, text: pdf.text, truncated: pdf.truncated, ...common };
  }
  const ext = extensionOf(name);
  if (TEXT_FILE_EXTENSIONS.includes(ext)) {
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new AppError('bad_request', ATTACHMENT_MESSAGES.wrongType(name));
    }
    if (text.includes('\u0000')) throw new AppError('bad_request', ATTACHMENT_MESSAGES.wrongType(name));
    return {
      kind: 'text',
      name,
      mediaType: 'text/plain; charset=utf-8',
      ext: 'txt',
      bytes,
      width: null,
      height: null,
      thumbnail: null,
      text,
      truncated: false,
    };
  }
  throw new AppError('bad_request', ATTACHMENT_MESSAGES.wrongType(name));
}

async function inspectImage(name: string, bytes: Uint8Array, type: { mediaType: string; ext: string }): Promise<InspectedFile> {
  const options = { limitInputPixels: ATTACHMENT_LIMITS.maxPixels, pages: 1, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    throw new AppError('bad_request', ATTACHMENT_MESSAGES.badImage(name));
  }
  const width = meta.width ?? 0;
  // A GIF's metadata height spans every frame unless pageHeight says one frame's.
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw new AppError('bad_request', ATTACHMENT_MESSAGES.badImage(name));
  if (width > ATTACHMENT_LIMITS.maxSide || height > ATTACHMENT_LIMITS.maxSide || width * height > ATTACHMENT_LIMITS.maxPixels) {
    throw new AppError('bad_request', ATTACHMENT_MESSAGES.tooLarge(name));
  }
  try {
    // Decoding the whole picture proves it is not truncated or damaged past its header.
    const gif = type.mediaType === 'image/gif';
    const stored = gif ? new Uint8Array(await sharp(bytes, options).png().toBuffer()) : bytes;
    const thumbnail = new Uint8Array(
      await sharp(bytes, options)
        .rotate()
        .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer(),
    );
    const kept = gif ? { mediaType: 'image/png', ext: 'png' } : type;
    return { kind: 'image', name, ...kept, bytes: stored, width, height, thumbnail, text: null, truncated: false };
  } catch {
    throw new AppError('bad_request', ATTACHMENT_MESSAGES.badImage(name));
  }
}
