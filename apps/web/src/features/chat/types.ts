import type { AspectRatio, AttachmentInfo, MessageMetadata, ModelType } from '@ensemble/shared';

/** A message as the chat screen holds it (core.md section 3: sender user or ai; type loading, image, input or text). */
export interface ChatMessage {
  /** The server's id, or a temporary client id until the server answers. */
  id: number;
  sender: 'user' | 'ai';
  type: 'text' | 'image' | 'loading';
  content: string;
  model: string | null;
  metadata: MessageMetadata | null;
  /** Chunks are still arriving. */
  streaming?: boolean;
  /** The reply stopped before its end: `error` (a failure mid-way) or `interrupted` (a server restart). */
  cut?: 'error' | 'interrupted' | 'stopped';
  /** A placeholder whose send the server refused as full: it goes again at this time (epoch ms). */
  retryAt?: number | null;
  /** Added by this tab in this session (shown with the typing effect, kept across a reload of the list). */
  local?: boolean;
  /** The prompt an image placeholder or image reply belongs to. */
  prompt?: string;
  /** The message this one follows in the thread's tree (stored messages). */
  parentId?: number | null;
  /** Every version at this place, oldest first (stored messages); more than one shows "‹ 2/3 ›". */
  siblingIds?: number[];
  created_at: string;
}

/** What one send asks for. */
export interface SendRequest {
  prompt: string;
  model: string;
  type: ModelType;
  aspectRatio: AspectRatio;
  /** Edit & submit: the message the new prompt follows (0: the thread's start). */
  parentId?: number;
  /** Regenerate: the reply to answer again as a new version (no new prompt is sent). */
  regenerateId?: number;
  /** Uploaded files the prompt sends (charged once, with it). */
  attachments?: AttachmentInfo[];
  /** Edit & submit: the edited prompt's files, sent again with its new version as copies (charged again: the model reads them again). */
  resendAttachments?: AttachmentInfo[];
  /** Search the web first (issue 38): the row's search surcharge is added to the message's price. */
  webSearch?: boolean;
  /** The first message of a chat started from an assistant (issue 40): the new thread takes its settings. */
  assistantId?: number;
}

/** The error banner's state: a credits error gets the coin icon and an action link. */
export interface ChatBanner {
  message: string;
  variant: 'error' | 'credits';
  actionHref?: string;
}

/** Where the request queue is (core.md section 4: pending, processing, completed, failed). */
export interface QueueStatus {
  processing: boolean;
  pending: number;
}
