import type { Readable } from 'node:stream';
import { AppError, EXPORT_FORMAT_VERSION, type AccountExport, type ExportThread, IMAGE_PATHS, imageFileUrl } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/types.js';
import { type OwnedFile, listOwnedAttachments, listOwnedFiles } from '../account/owned-files.js';
import type { ObjectStore } from '../images/object-store.js';
import { pathTo, shownLeaf } from '../messages/tree.js';
import { type MessageRow, listThreadMessages } from '../messages/store.js';
import type { Identity } from '../session/service.js';
import { ownsRow } from '../session/ownership.js';
import type { ThreadRow } from '../threads/access.js';
import { parseServerIdList, parseStarters } from '../assistants/access.js';

type DbHandle = Kysely<Database>;

const IMAGE_URL = new RegExp(`^${IMAGE_PATHS.file.replace(/\//g, '\\/')}\\/([A-Za-z0-9]+)$`);

/** The image a message shows: its metadata's image_id, else the id in its image URL. */
export function messageImageId(
  row: Pick<MessageRow, 'type' | 'content' | 'metadata'>,
  metadata: Record<string, unknown> | null,
): string | null {
  if (row.type !== 'image') return null;
  if (typeof metadata?.image_id === 'string') return metadata.image_id;
  return IMAGE_URL.exec(row.content.trim())?.[1] ?? null;
}

function parseMetadata(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The thread the caller owns, else 404 (another caller's thread is not admitted to exist). */
export async function loadThreadOr404(db: DbHandle, who: Identity, threadId: number): Promise<ThreadRow> {
  const row = await db.selectFrom('threads').selectAll().where('id', '=', threadId).executeTakeFirst();
  if (!row || !ownsRow(who, row)) throw new AppError('not_found', 'Thread not found');
  return row;
}

/** Keeps the files whose bytes are really in the store (a file lost from the store is left out, not an error). */
async function presentFiles(storage: ObjectStore, files: OwnedFile[]): Promise<OwnedFile[]> {
  const sizes = await Promise.all(files.map((f) => storage.size(f.key)));
  return files.filter((_f, i) => sizes[i] !== null).map((f, i) => ({ ...f, byte_size: sizes[i] ?? f.byte_size }));
}

/** A thread in the export format with every branch, and the owner's files its messages show. */
export async function exportThread(
  db: DbHandle,
  storage: ObjectStore,
  who: Identity,
  thread: ThreadRow,
  available?: Map<string, OwnedFile>,
): Promise<{ thread: ExportThread; files: OwnedFile[] }> {
  const rows = await listThreadMessages(db, thread.id);
  const nodes = rows.map((r) => ({ id: r.id, parent_id: r.parent_id }));
  const shown = pathTo(nodes, shownLeaf(nodes, thread.current_leaf_id));
  const parsed = rows.map((r) => ({ row: r, metadata: parseMetadata(r.metadata) }));
  const imageIds = [...new Set(parsed.map((p) => messageImageId(p.row, p.metadata)).filter((id): id is string => id !== null))];
  let files: OwnedFile[];
  if (available) files = imageIds.map((id) => available.get(id)).filter((f): f is OwnedFile => f !== undefined);
  else files = await presentFiles(storage, await listOwnedFiles(db, who, imageIds));
  const byId = new Map(files.map((f) => [f.id, f]));
  return {
    files,
    thread: {
      id: thread.id,
      title: thread.title,
      created_at: thread.created_at,
      updated_at: thread.updated_at,
      system_prompt: thread.system_prompt,
      temperature: thread.temperature,
      max_output_tokens: thread.max_output_tokens,
      shown_branch: shown,
      messages: parsed.map(({ row, metadata }) => {
        const file = byId.get(messageImageId(row, metadata) ?? '');
        return {
          id: row.id,
          parent_id: row.parent_id,
          role: row.role === 'assistant' ? ('assistant' as const) : ('user' as const),
          type: row.type === 'image' ? ('image' as const) : ('text' as const),
          content: row.content,
          model: row.model,
          status: row.status,
          created_at: row.created_at,
          metadata,
          image: file
            ? { path: file.zipPath, media_type: file.media_type, byte_size: file.byte_size, width: file.width, height: file.height }
            : null,
        };
      }),
    },
  };
}

/**
 * The thread's shown branch as Markdown: a heading per turn naming who spoke (and the model), the
 * text as written (it is Markdown already), a searched reply's sources, and each image as a link to its stored file.
 */
export function threadMarkdown(thread: ExportThread, origin: string, exportedAt: string): string {
  const byId = new Map(thread.messages.map((m) => [m.id, m]));
  const out: string[] = [`# ${thread.title.replace(/\r?\n/g, ' ')}`, '', `_Exported from Ensemble on ${exportedAt.slice(0, 10)}._`, ''];
  if (thread.system_prompt) out.push(`> **System prompt:** ${thread.system_prompt.replace(/\r?\n/g, '\n> ')}`, '');
  for (const id of thread.shown_branch) {
    const m = byId.get(id);
    if (!m) continue;
    const who = m.role === 'user' ? 'You' : `Assistant${m.model ? ` (${m.model})` : ''}`;
    out.push(`## ${who}`, '');
    if (m.type === 'image') {
      const imageId = messageImageId({ type: 'image', content: m.content, metadata: null }, m.metadata);
      const prompt = typeof m.metadata?.prompt === 'string' ? m.metadata.prompt : 'Generated image';
      const url = imageId ? `${origin}${imageFileUrl(imageId)}` : m.content;
      out.push(`![${prompt.replace(/[[\]\r\n]/g, ' ')}](${url})`, '');
    } else {
      // A reply that used tools lists each call first (issue 40): the tool, its server, its arguments and how it ended.
      const steps = Array.isArray(m.metadata?.steps)
        ? (m.metadata.steps as { tool?: unknown; server?: unknown; args?: unknown; status?: unknown; result?: unknown }[])
        : [];
      for (const step of steps) {
        const result = typeof step.result === 'string' ? step.result.replace(/\s+/g, ' ').slice(0, 200) : '';
        out.push(
          `> Tool \`${String(step.tool)}\` (${String(step.server)}) with \`${JSON.stringify(step.args ?? {})}\`: ${String(step.status)}${result ? ` → ${result}` : ''}`,
        );
      }
      if (steps.length) out.push('');
      out.push(m.content, '');
      // A reply that searched the web lists its sources, numbered as its [n] markers cite them.
      const sources = Array.isArray(m.metadata?.sources) ? (m.metadata.sources as { url?: unknown; title?: unknown }[]) : [];
      const listed = sources.filter((s) => typeof s.url === 'string' && typeof s.title === 'string');
      if (listed.length) {
        out.push('**Sources**', '');
        listed.forEach((s, i) => {
          const url = String(s.url).startsWith('/') ? `${origin}${s.url}` : String(s.url);
          out.push(
            `${i + 1}. [${String(s.title).replace(/[[\]\r\n]/g, ' ')}](${url.replace(/[() ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)})`,
          );
        });
        out.push('');
      }
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** A name safe in a Content-Disposition header and on every file system. */
export function safeFileName(title: string, fallback: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60)
    .replace(/^[.-]+|[.-]+$/g, '');
  return base || fallback;
}

/**
 * A zip streamed as it is built: the JSON/Markdown entries first, then each stored file, opened
 * from disk or S3 only when its turn comes (stored, not deflated: images are compressed already).
 */
export function zipEntries(storage: ObjectStore, entries: Array<{ name: string; text: string }>, files: OwnedFile[]): Readable {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.from(e.text, 'utf8'), e.name);
  for (const f of files) {
    zip.addReadStreamLazy(f.zipPath, { compress: false, size: f.byte_size }, (cb) => {
      storage.open(f.key).then(
        (file) => (file ? cb(null, file.body) : cb(new Error(`Stored file vanished: ${f.key}`), undefined as never)),
        (err: Error) => cb(err, undefined as never),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}

/** Everything an account has, as account.json plus a Markdown file per thread, and its files. */
export async function exportAccount(
  db: DbHandle,
  storage: ObjectStore,
  userId: number,
  origin: string,
): Promise<{ entries: Array<{ name: string; text: string }>; files: OwnedFile[] }> {
  const who: Identity = { kind: 'user', userId, guestId: null, sessionHash: '' };
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('not_found', 'Account not found');
  const files = await presentFiles(storage, await listOwnedFiles(db, who));
  const available = new Map(files.map((f) => [f.id, f]));
  // The files the account attached to its messages go in the zip too, under attachments/.
  const attached = await presentFiles(storage, await listOwnedAttachments(db, who));
  const threadRows = await db.selectFrom('threads').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  const exportedAt = new Date().toISOString();
  const threads: ExportThread[] = [];
  const entries: Array<{ name: string; text: string }> = [];
  for (const row of threadRows) {
    const { thread } = await exportThread(db, storage, who, row, available);
    // Where the account keeps it (issue 42).
    threads.push({ ...thread, folder_id: row.folder_id, pinned: row.pin_position !== null, archived: row.archived_at !== null });
    entries.push({ name: `threads/${row.id}-${safeFileName(row.title, 'thread')}.md`, text: threadMarkdown(thread, origin, exportedAt) });
  }
  const images = await db
    .selectFrom('images')
    .select(['id', 'prompt', 'model', 'aspect_ratio', 'created_at'])
    .where('user_id', '=', userId)
    // A blind arena picture's row names its model: it joins the export with the vote (issue 41).
    .where('arena_comparison_id', 'is', null)
    .execute();
  const imageInfo = new Map(images.map((i) => [i.id, i]));
  const activity = await db
    .selectFrom('activities')
    .select(['activity_type', 'description', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const ledger = await db
    .selectFrom('credit_ledger')
    .select(['delta', 'balance_after', 'reason', 'model', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const assistants = await db.selectFrom('assistants').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const folders = await db
    .selectFrom('thread_folders')
    .select(['id', 'name', 'colour', 'position'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const prompts = await db.selectFrom('prompts').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const data: AccountExport = {
    format: 'ensemble.account',
    version: EXPORT_FORMAT_VERSION,
    exported_at: exportedAt,
    account: {
      id: user.id,
      email: user.email,
      username: user.username,
      signs_in_with: [...(user.password_hash ? (['password'] as const) : []), ...(user.google_sub ? (['google'] as const) : [])],
      plan: user.subscription_tier,
      subscription_status: user.subscription_status,
      credits: user.credits,
      credits_used: user.credits_used,
      default_system_prompt: user.default_system_prompt,
      created_at: user.created_at,
    },
    threads,
    images: files.map((f) => {
      const info = imageInfo.get(f.id);
      return {
        id: f.id,
        path: f.zipPath,
        media_type: f.media_type,
        byte_size: f.byte_size,
        width: f.width,
        height: f.height,
        prompt: info?.prompt ?? '',
        model: info?.model ?? null,
        aspect_ratio: info?.aspect_ratio ?? null,
        created_at: info?.created_at ?? '',
      };
    }),
    assistants: assistants.map((a) => ({
      id: a.id,
      name: a.name,
      emoji: a.emoji,
      icon: a.icon ? `data:image/webp;base64,${Buffer.from(a.icon).toString('base64')}` : null,
      description: a.description,
      model_id: a.model_id,
      instructions: a.instructions,
      temperature: a.temperature,
      max_output_tokens: a.max_output_tokens,
      starters: parseStarters(a.starters),
      web_search: Number(a.web_search) === 1,
      mcp_server_ids: parseServerIdList(a.mcp_server_ids),
      featured: Number(a.featured) === 1,
      shared: a.share_token !== null,
      created_at: a.created_at,
      updated_at: a.updated_at,
    })),
    folders,
    prompts: prompts.map((p) => ({
      id: p.id,
      title: p.title,
      body: p.body,
      shared: p.share_token !== null,
      created_at: p.created_at,
      updated_at: p.updated_at,
    })),
    activity: activity.map((a) => ({ type: a.activity_type, description: a.description, created_at: a.created_at })),
    ledger,
  };
  return { entries: [{ name: 'account.json', text: `${JSON.stringify(data, null, 2)}\n` }, ...entries], files: [...files, ...attached] };
}
