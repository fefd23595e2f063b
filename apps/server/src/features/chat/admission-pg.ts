import { DEFAULT_THREAD_TITLE } from '@ensemble/shared';
import { sql } from 'kysely';
import { type Db, hotQuery, now } from '../../db/connection.js';
import { countCreditsCharged } from '../../metrics/metrics.js';
import { chargedBalance, guestChargeUpdate, spendingPeriods, userChargeUpdate } from '../credits/service.js';
import { METRIC } from '../rollups/rollups.js';
import { ownsRow } from '../session/ownership.js';
import type { Identity } from '../session/service.js';
import { type ThreadRow, noThreadAccess } from '../threads/access.js';
import { type Admission, type AdmissionRequest, promptTitle } from './admission.js';
import { type BranchRow, branchCte, branchJson } from './conversation.js';

interface Row {
  thread: ThreadRow;
  credits: number | null;
  credits_used: number | null;
  subscription_tier: string | null;
  user_message_id: number | null;
  reply_id: number | null;
  branch: BranchRow[];
}

/**
 * Whether a request can be admitted in one statement (PostgreSQL's writable CTEs here, SQLite's
 * procedure in admission-sqlite.ts): a new text prompt at the end of a thread's shown branch.
 */
export function admitsInOneStatement(r: AdmissionRequest): boolean {
  return (
    r.threadId !== null &&
    r.placeholder !== null &&
    r.model.type !== 'image' &&
    r.parentId === undefined &&
    r.regenerateParentId === undefined
  );
}

/** The admission statement for an account's prompt or a guest's (their charges differ). */
const admission = (isUser: boolean) =>
  hotQuery(
    (
      k,
      threadId: number,
      ownerId: number,
      cost: number,
      negativeCost: number,
      modelId: string,
      reference: string,
      t: string,
      day: string,
      month: string,
      prompt: string,
      placeholder: string,
      title: string,
    ) => {
      const owned = isUser ? sql`th.user_id = ${ownerId}` : sql`th.guest_id = ${ownerId}`;
      // The charge happens only when the caller owns the thread, and only when no other send changed the
      // thread while this one waited for its lock: `th` is then the newer row, while `seen` (and the
      // messages this statement reads) are still as they were when it started, so the end of the branch
      // could be stale. Such a race is refused here and admitted by the transaction path instead.
      const ownsThread = sql<boolean>`exists (select 1 from th join seen on seen.updated_at = th.updated_at
        and seen.message_count = th.message_count where ${owned})`;
      const charge = isUser
        ? userChargeUpdate(k, ownerId, cost, { month, day }).where(ownsThread)
        : guestChargeUpdate(k, ownerId, cost).where(ownsThread);
      const userId = isUser ? ownerId : null;
      const guestId = isUser ? null : ownerId;
      // A user's first request of the day also counts them active (the row is new only once a day).
      const active = isUser
        ? sql`, active as (
            insert into daily_active_accounts (day, user_id) select ${day}::text, ${ownerId}::integer from charged
            on conflict (day, user_id) do nothing returning user_id)`
        : sql``;
      const activeRow = isUser ? sql`union all select ${day}::text, ${METRIC.activeAccounts}::text, '', 1::bigint from active` : sql``;
      return sql<Row>`
    with recursive th as (select * from threads where id = ${threadId} for update),
    seen as (select updated_at, message_count from threads where id = ${threadId}),
    charged as (${charge}),
    ledger as (
      insert into credit_ledger (user_id, guest_id, delta, balance_after, reason, model, reference, created_at)
      select ${userId}::integer, ${guestId}::integer, ${negativeCost}::integer, credits, 'chat',
        ${modelId}::text, ${reference}::text, ${t}::text from charged)
    ${active},
    counted as (
      insert into daily_rollups (day, metric, dim, n)
      select ${day}::text, ${METRIC.requests}::text, ${modelId}::text, 1::bigint from charged
      union all select ${day}::text, ${METRIC.creditsCharged}::text, '', ${cost}::bigint from charged where ${cost}::integer <> 0
      ${activeRow}
      on conflict (day, metric, dim) do update set n = daily_rollups.n + excluded.n),
    leaf as (
      -- The id compared with values computed once (not a join on an expression): a lookup by primary key whatever the
      -- planner thinks of the table's size (a join planned while the table was small scanned every message).
      select m.id, m.depth from messages m where m.id = coalesce(
        (select x.id from th join messages x on x.id = th.current_leaf_id and x.thread_id = th.id),
        (select max(x.id) from messages x where x.thread_id = ${threadId}))),
    ${branchCte(sql`(select id from leaf)`, threadId)},
    prompt as (
      insert into messages (thread_id, parent_id, depth, credits, role, type, content, model, metadata, status, created_at, updated_at)
      select th.id, (select id from leaf), coalesce((select depth + 1 from leaf), 0), 0, 'user', 'text', ${prompt}::text,
        ${modelId}::text, null, 'complete', ${t}::text, ${t}::text
      from th, charged
      returning id, depth),
    reply as (
      insert into messages (thread_id, parent_id, depth, credits, role, type, content, model, metadata, status, created_at, updated_at)
      select ${threadId}::integer, prompt.id, prompt.depth + 1, 0, 'assistant', 'text', '', ${modelId}::text, ${placeholder}::text, 'streaming',
        ${t}::text, ${t}::text
      from prompt
      returning id),
    touched as (
      update threads set updated_at = ${t}, message_count = threads.message_count + 2, current_leaf_id = reply.id,
        title = case when threads.message_count = 0 and threads.title = ${DEFAULT_THREAD_TITLE} then ${title} else threads.title end
      from reply where threads.id = ${threadId}),
    opened as (
      insert into open_charges (reference, user_id, guest_id, amount, model, message_id, delivered, created_at)
      select ${reference}::text, ${userId}::integer, ${guestId}::integer, ${cost}::integer,
        ${modelId}::text, reply.id, 0, ${t}::text from reply)
    select to_jsonb(th) as thread, charged.credits, charged.credits_used, ${isUser ? sql`charged.subscription_tier` : sql`null`} as subscription_tier,
      (select id from prompt) as user_message_id, (select id from reply) as reply_id,
      ${branchJson('postgres')} as branch
    from th left join charged on true`;
    },
  );
const userAdmission = admission(true);
const guestAdmission = admission(false);

/**
 * PostgreSQL: the whole admission of a text prompt in a thread as one statement (writable CTEs), so
 * one round trip instead of eleven: lock the thread, take the charge (the same conditional update as
 * every charge), write its ledger row and daily counters, save the prompt at the end of the shown
 * branch and the reply placeholder after it, update the thread (count, leaf, first title) and
 * record the open charge. A single statement is atomic: all of it happens or none of it does.
 *
 * Answers the admission; throws 404 or 403 for a missing or foreign thread; and resolves to
 * 'refused' when the charge was refused or another send changed the thread meanwhile, having
 * written nothing (the caller then asks the transaction path, which answers exactly why).
 */
export async function admitInOneStatement(db: Db, who: Identity, r: AdmissionRequest): Promise<Admission | 'refused'> {
  const isUser = who.kind === 'user';
  const title = promptTitle(r.model, r.prompt);
  const { month, day } = spendingPeriods();
  const statement = isUser ? userAdmission : guestAdmission;
  const rows = await statement(
    db,
    r.threadId as number,
    isUser ? who.userId : who.guestId,
    r.cost,
    -r.cost,
    r.model.id,
    r.reference,
    now(),
    day,
    month,
    r.prompt,
    JSON.stringify(r.placeholder),
    title,
  );
  const row = rows[0];
  if (!row || !ownsRow(who, row.thread)) throw noThreadAccess();
  const thread = row.thread;
  if (row.credits === null || row.reply_id === null) return 'refused';
  countCreditsCharged(who.kind, r.cost);
  const isFirst = thread.message_count === 0;
  return {
    balance: chargedBalance(who.kind, {
      credits: row.credits,
      credits_used: row.credits_used as number,
      subscription_tier: row.subscription_tier ?? '',
    }),
    thread,
    userMessageId: row.user_message_id,
    messageId: row.reply_id,
    branch: row.branch,
    ...(isFirst && thread.title === DEFAULT_THREAD_TITLE ? { newTitle: title } : {}),
    isFirst,
  };
}
