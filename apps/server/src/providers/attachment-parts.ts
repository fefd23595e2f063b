import { ATTACHMENT_LIMITS } from '@ensemble/shared';
import type { FilePart, ImagePart, TextPart } from 'ai';
import type { TurnAttachment } from './types.js';

/**
 * How a provider takes each kind of document: as text we extracted, or as the file itself, which the
 * provider reads natively (a scanned PDF's pages too). Anthropic: PDF and text as document blocks;
 * OpenAI Chat Completions: PDF only, as a `file` part; Gemini: PDF as inlineData.
 */
export interface DocumentForms {
  pdf: 'text' | 'file';
  text: 'text' | 'file';
}

/** Every document as our extracted text (providers that read no files). */
export const DOCUMENTS_AS_TEXT: DocumentForms = { pdf: 'text', text: 'text' };

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The text a model reads for a document it cannot open itself: the file's text, said when cut or empty. */
export function documentText(a: TurnAttachment): string {
  const label = a.kind === 'pdf' ? 'PDF' : 'text file';
  const head = `Attached ${label} "${a.name}" (${kb(a.size)}):`;
  const body = a.text?.trim() ?? '';
  if (a.kind === 'pdf' && !body)
    return `${head}\n[This PDF has no extractable text: it is probably scanned images, which cannot be read here.]`;
  const cut = a.truncated
    ? `\n[The PDF's text was cut at ${ATTACHMENT_LIMITS.pdfTextChars.toLocaleString('en-US')} characters; the rest of the document is not included.]`
    : '';
  return `${head}\n<<<\n${a.text ?? ''}\n>>>${cut}`;
}

/**
 * A user turn's content as AI SDK parts: images as image parts (OpenAI image_url, Anthropic image
 * blocks, Gemini inlineData), documents as our extracted text or as file parts in the provider's
 * native form (`documents`), then the prompt.
 */
export function userParts(
  content: string,
  attachments: TurnAttachment[],
  documents: DocumentForms,
): Array<TextPart | ImagePart | FilePart> {
  const parts: Array<TextPart | ImagePart | FilePart> = [];
  for (const a of attachments) {
    if (a.kind === 'image' && a.bytes) {
      parts.push({ type: 'image', image: a.bytes, mediaType: a.mediaType });
    } else if (documents.pdf === 'file' && a.kind === 'pdf' && a.bytes) {
      parts.push({ type: 'file', data: a.bytes, mediaType: 'application/pdf', filename: a.name });
    } else if (documents.text === 'file' && a.kind === 'text' && a.text) {
      parts.push({ type: 'file', data: new TextEncoder().encode(a.text), mediaType: 'text/plain', filename: a.name });
    } else {
      parts.push({ type: 'text', text: documentText(a) });
    }
  }
  parts.push({ type: 'text', text: content });
  return parts;
}

/** A turn as plain text, for providers that take one prompt string (Replicate): documents' text, then the turn. */
export function turnAsText(turn: { content: string; attachments?: TurnAttachment[] }): string {
  const docs = (turn.attachments ?? []).filter((a) => a.kind !== 'image').map(documentText);
  return docs.length ? `${docs.join('\n\n')}\n\n${turn.content}` : turn.content;
}

const KIND_LABEL = { image: 'image', pdf: 'PDF', text: 'text file' } as const;

/** The demo provider's acknowledgement of what the last message attached: one line a file, with what it holds. */
export function describeAttachments(attachments: TurnAttachment[]): string {
  if (attachments.length === 0) return '';
  const lines = attachments.map((a) => {
    const what = `**${a.name}**, ${KIND_LABEL[a.kind]} (${a.mediaType.split(';')[0]}, ${kb(a.size)})`;
    if (a.kind === 'image') return `- ${what}: received as a picture the model can see.`;
    const chars = a.text?.length ?? 0;
    if (a.kind === 'pdf' && chars === 0) return `- ${what}: no extractable text (probably scanned pages).`;
    const cut = a.truncated ? ', cut at the limit' : '';
    return `- ${what}: ${chars.toLocaleString('en-US')} characters of text read${cut}.`;
  });
  const n = attachments.length;
  return `I received ${n} attachment${n === 1 ? '' : 's'}:\n${lines.join('\n')}\n\n`;
}
