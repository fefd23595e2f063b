/**
 * Saved assistants (issue 40): their paths and limits, without zod, so that the chat screen (first load) can name
 * them; the schemas are in assistants.ts.
 */

/** An account's assistants, the featured ones, and share links that hand out a read-only copy. */
export const ASSISTANT_PATHS = {
  list: '/api/assistants/list.php',
  get: '/api/assistants/get.php',
  create: '/api/assistants/create.php',
  update: '/api/assistants/update.php',
  duplicate: '/api/assistants/duplicate.php',
  remove: '/api/assistants/delete.php',
  share: '/api/assistants/share.php',
  unshare: '/api/assistants/unshare.php',
  shared: '/api/assistants/shared.php',
  addShared: '/api/assistants/add_shared.php',
  /** An assistant's icon: GET {icon}/{key}, the key being the capability (it changes with the icon). */
  icon: '/api/assistants/icon',
} as const;

/** Operators feature (or stop featuring) an assistant for everyone; recorded in the audit log. */
export const ADMIN_ASSISTANT_PATHS = { feature: '/api/admin/feature_assistant.php' } as const;

/** What an assistant may hold. */
export const ASSISTANT_LIMITS = {
  /** Assistants one account may keep. */
  perAccount: 100,
  nameMax: 60,
  /** An emoji is one grapheme, which may take several code points (flags, families, skin tones). */
  emojiMax: 16,
  descriptionMax: 300,
  instructionsMax: 20_000,
  starters: 4,
  starterMax: 200,
  mcpServers: 20,
  /** The uploaded icon's bytes before it is re-encoded (the browser scales a picture down first). */
  iconUploadBytes: 512 * 1024,
  /** The stored icon's side in pixels (a square WebP). */
  iconPx: 128,
} as const;

/** The web page of an assistant's share link, under /prod (the client adds its origin). */
export const assistantSharePageUrl = (token: string) => `/prod/assistants/shared/${token}`;

/** The URL of an assistant's stored icon. */
export const assistantIconUrl = (key: string) => `${ASSISTANT_PATHS.icon}/${key}`;
