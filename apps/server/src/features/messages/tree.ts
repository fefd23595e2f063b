import { AppError } from '@ensemble/shared';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/types.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A message as the tree sees it: no content, so a long thread loads cheaply. */
export interface TreeNode {
  id: number;
  parent_id: number | null;
}

/** Every message of a thread as tree nodes, oldest first. */
export async function loadTree(db: Executor, threadId: number): Promise<TreeNode[]> {
  return db.selectFrom('messages').select(['id', 'parent_id']).where('thread_id', '=', threadId).orderBy('id', 'asc').execute();
}

/** The children of each message (and of the root, key 0), oldest first. */
export function childrenOf(nodes: readonly TreeNode[]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const n of nodes) {
    const key = n.parent_id ?? 0;
    const list = map.get(key);
    if (list) list.push(n.id);
    else map.set(key, [n.id]);
  }
  return map;
}

/** The leaf a thread shows: its stored one while it exists, else its newest message (or null). */
export function shownLeaf(nodes: readonly TreeNode[], stored: number | null): number | null {
  if (stored !== null && nodes.some((n) => n.id === stored)) return stored;
  return nodes.length ? (nodes[nodes.length - 1] as TreeNode).id : null;
}

/** The ids from the thread's first message down to `leaf`, in order. */
export function pathTo(nodes: readonly TreeNode[], leaf: number | null): number[] {
  const parent = new Map(nodes.map((n) => [n.id, n.parent_id]));
  const path: number[] = [];
  const seen = new Set<number>();
  for (let id = leaf; id !== null && id !== undefined && parent.has(id) && !seen.has(id); id = parent.get(id) ?? null) {
    seen.add(id);
    path.unshift(id);
  }
  return path;
}

/** The newest leaf under `id`: each step takes the newest child, so switching to a version shows its latest continuation. */
export function newestLeafUnder(nodes: readonly TreeNode[], id: number): number {
  const kids = childrenOf(nodes);
  let at = id;
  for (let next = kids.get(at); next?.length; next = kids.get(at)) at = next[next.length - 1] as number;
  return at;
}

/** `id` and everything below it. */
export function subtree(nodes: readonly TreeNode[], id: number): number[] {
  const kids = childrenOf(nodes);
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    const at = stack.pop() as number;
    out.push(at);
    stack.push(...(kids.get(at) ?? []));
  }
  return out;
}

/** The thread's shown leaf as stored (null: its newest message). */
export async function storedLeaf(db: Executor, threadId: number): Promise<number | null> {
  const row = await db.selectFrom('threads').select('current_leaf_id').where('id', '=', threadId).executeTakeFirst();
  return row?.current_leaf_id ?? null;
}

/** The message a new one follows when the caller names none: the end of the shown branch. */
export async function appendParent(db: Executor, threadId: number): Promise<number | null> {
  return shownLeaf(await loadTree(db, threadId), await storedLeaf(db, threadId));
}

/** Checks that a named parent is a message of this thread (400 otherwise). */
export async function assertParentInThread(db: Executor, threadId: number, parentId: number): Promise<void> {
  const row = await db.selectFrom('messages').select('id').where('id', '=', parentId).where('thread_id', '=', threadId).executeTakeFirst();
  if (!row) throw new AppError('bad_request', 'Invalid request: parent_id: no such message in this thread');
}

/**
 * Deletes a message and everything below it, lowers the thread's count by as many, and moves the
 * shown branch when it ran through them: to the newest remaining sibling's latest leaf, else to the parent.
 */
export async function deleteBranch(db: Executor, threadId: number, id: number): Promise<number[]> {
  const nodes = await loadTree(db, threadId);
  const node = nodes.find((n) => n.id === id);
  if (!node) return [];
  const gone = subtree(nodes, id);
  const leaf = shownLeaf(nodes, await storedLeaf(db, threadId));
  for (let i = 0; i < gone.length; i += 500)
    await db
      .deleteFrom('messages')
      .where('id', 'in', gone.slice(i, i + 500))
      .execute();
  const left = nodes.filter((n) => !gone.includes(n.id));
  let nextLeaf = leaf;
  if (leaf === null || gone.includes(leaf)) {
    const siblings = (childrenOf(left).get(node.parent_id ?? 0) ?? []).filter((s) => s !== id);
    const sibling = siblings[siblings.length - 1];
    nextLeaf = sibling !== undefined ? newestLeafUnder(left, sibling) : node.parent_id;
  }
  await db
    .updateTable('threads')
    .set({
      message_count: sql`case when message_count > ${gone.length} then message_count - ${gone.length} else 0 end`,
      current_leaf_id: nextLeaf,
    })
    .where('id', '=', threadId)
    .execute();
  return gone;
}
