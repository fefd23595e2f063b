import { z } from 'zod';
import { MAX_ID, idSchema, text } from './common.js';

/**
 * Folders, pins and the archive (issue 42): an account organises its chats. Kept with the account, so they are the
 * same on every device and instance. Guests have no thread list, so none of this is theirs.
 */
export const FOLDER_PATHS = {
  list: '/api/folders/list.php',
  create: '/api/folders/create.php',
  update: '/api/folders/update.php',
  remove: '/api/folders/delete.php',
  /** The folders' order, top to bottom (drag and drop). */
  order: '/api/folders/order.php',
} as const;

export const THREAD_ORGANIZE_PATHS = {
  /** Pin or unpin, move into or out of a folder, archive or bring back: one or many threads at once. */
  organize: '/api/threads/organize.php',
  /** The pinned threads' order, top to bottom (drag and drop). */
  pinOrder: '/api/threads/pin_order.php',
  /** Deletes several threads at once. */
  removeMany: '/api/threads/delete_many.php',
} as const;

/** The folder colours a user picks from (names, so each theme draws them in its own shade). */
export const FOLDER_COLOURS = ['gray', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'indigo', 'purple', 'pink'] as const;
export type FolderColour = (typeof FOLDER_COLOURS)[number];

export const FOLDERS = {
  nameMax: 60,
  /** Folders an account may have. */
  max: 200,
  /** Threads one organise, order or delete call may name. */
  batchMax: 500,
} as const;

const folderName = text().trim().min(1, 'must not be empty').max(FOLDERS.nameMax, `must be at most ${FOLDERS.nameMax} characters`);

export const folderSchema = z.object({
  id: z.number(),
  name: z.string(),
  colour: z.enum(FOLDER_COLOURS),
  /** 0 first. */
  position: z.number(),
  collapsed: z.boolean(),
  /** Its threads that are not archived. */
  thread_count: z.number(),
  created_at: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

export const listFoldersResponseSchema = z.object({ status: z.literal('success'), folders: z.array(folderSchema) });
export type ListFoldersResponse = z.infer<typeof listFoldersResponseSchema>;

export const createFolderRequestSchema = z.object({ name: folderName, colour: z.enum(FOLDER_COLOURS).default('gray') }).strict();
export type CreateFolderRequest = z.input<typeof createFolderRequestSchema>;

export const updateFolderRequestSchema = z
  .object({ id: idSchema, name: folderName.optional(), colour: z.enum(FOLDER_COLOURS).optional(), collapsed: z.boolean().optional() })
  .strict();
export type UpdateFolderRequest = z.input<typeof updateFolderRequestSchema>;

export const folderResponseSchema = z.object({ status: z.literal('success'), folder: folderSchema });
export type FolderResponse = z.infer<typeof folderResponseSchema>;

/** Deleting a folder leaves its threads in the main list. */
export const deleteFolderRequestSchema = z.object({ id: idSchema }).strict();

export const folderOrderRequestSchema = z
  .object({ folder_ids: z.array(z.number().int().min(1).max(MAX_ID)).max(FOLDERS.max) })
  .strict()
  .refine((b) => new Set(b.folder_ids).size === b.folder_ids.length, { message: 'each folder may be named once', path: ['folder_ids'] });

const threadIds = z
  .array(z.number().int().min(1).max(MAX_ID))
  .min(1, 'must name at least one thread')
  .max(FOLDERS.batchMax, `must name at most ${FOLDERS.batchMax} threads`);

/** What to change about the named threads; at least one of pinned, folder_id, archived. */
export const organizeThreadsRequestSchema = z
  .object({
    thread_ids: threadIds,
    pinned: z.boolean().optional(),
    /** A folder of the caller's, or null for the main list. */
    folder_id: z.number().int().min(1).max(MAX_ID).nullable().optional(),
    archived: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.pinned !== undefined || b.folder_id !== undefined || b.archived !== undefined, {
    message: 'say what to change: pinned, folder_id or archived',
  });
export type OrganizeThreadsRequest = z.input<typeof organizeThreadsRequestSchema>;

/** The pinned threads of one list (the main list or a folder), top to bottom. */
export const pinOrderRequestSchema = z
  .object({ thread_ids: threadIds })
  .strict()
  .refine((b) => new Set(b.thread_ids).size === b.thread_ids.length, { message: 'each thread may be named once', path: ['thread_ids'] });

export const deleteThreadsRequestSchema = z.object({ thread_ids: threadIds }).strict();

export const organizeThreadsResponseSchema = z.object({ status: z.literal('success'), changed: z.number() });
