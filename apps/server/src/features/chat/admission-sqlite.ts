import { DEFAULT_THREAD_TITLE } from '@ensemble/shared';
import { sql } from 'kysely';
import { type Db, hotQuery, now } from '../../db/connection.js';
import { type SqliteProcedure, callProcedure, installProcedure, isRaised } from '../../db/sqlite-procedures.js';
import { countCreditsCharged } from '../../metrics/metrics.js';
import { chargedBalance, guestChargeUpdate, spendingPeriods, userChargeUpdate } from '../credits/service.js';
import { shownLeafSql } from '../messages/store.js';
import { METRIC } from '../rollups/rollups.js';
import type { Identity } from '../session/service.js';
import type { ThreadRow } from '../threads/access.js';
import { type Admission, type AdmissionRequest, promptTitle } from './admission.js';
import { type BranchRow, branchCte, branchJson } from './conversation.js';

/** What the trigger raises when it admits nothing: the transaction path then answers exactly why. */
const REFUSED = 'ensemble: the admission was refused';

type Column =
  | 'user_id'
  | 'guest_id'
  | 'thread_id'
  | 'cost'
  | 'month'
  | 'day'
  | 't'
  | 'model'
  | 'reference'
  | 'prompt'
  | 'placeholder'
  | 'title';

/**
 * SQLite: the admission of a text prompt in a thread as one statement, the same writes as
 * PostgreSQL's writable CTEs (admission-pg.ts): take the charge (the same conditional update as
 * every charge) only when the caller owns the thread, write its ledger row and daily counters, save
 * the prompt at the end of the shown branch and the reply placeholder after it, update the thread
 * (count, leaf, first title) and record the open charge. Refused (a short balance, a guardrail, a
 * thread gone or not the caller's), it raises, and the statement takes back whatever it wrote.
 */
const admission: SqliteProcedure<Column> = {
  name: 'chat_admissions',
  columns: ['user_id', 'guest_id', 'thread_id', 'cost', 'month', 'day', 't', 'model', 'reference', 'prompt', 'placeholder', 'title'],
  body: (db, c) => {
    const owns = (owner: 'user_id' | 'guest_id') =>
      sql<boolean>`exists (select 1 from threads th where th.id = ${c('thread_id')} and th.${sql.id(owner)} = ${c(owner)})`;
    const userCharge = userChargeUpdate(db.kysely, c('user_id'), c('cost'), { month: c('month'), day: c('day') })
      .where(owns('user_id'))
      .clearReturning();
    const guestCharge = guestChargeUpdate(db.kysely, c('guest_id'), c('cost')).where(owns('guest_id')).clearReturning();
    const refused = sql.lit(REFUSED);
    const count = sql`on conflict (day, metric, dim) do update set n = daily_rollups.n + excluded.n`;
    const leaf = shownLeafSql(c('thread_id'));
    const message = sql`insert into messages (thread_id, parent_id, depth, credits, role, type, content, model, metadata, status, created_at, updated_at)`;
    // changes() is the row count of the body's previous write; last_insert_rowid() the id it inserted.
    return sql`
      ${userCharge};
      select raise(abort, ${refused}) where ${c('user_id')} is not null and changes() = 0;
      ${guestCharge};
      select raise(abort, ${refused}) where ${c('guest_id')} is not null and changes() = 0;
      insert into credit_ledger (user_id, guest_id, delta, balance_after, reason, model, reference, created_at)
      values (${c('user_id')}, ${c('guest_id')}, -${c('cost')},
        coalesce((select credits from users where id = ${c('user_id')}), (select credits from guests where id = ${c('guest_id')})),
        'chat', ${c('model')}, ${c('reference')}, ${c('t')});
      insert into daily_rollups (day, metric, dim, n)
      select ${c('day')}, ${sql.lit(METRIC.requests)}, ${c('model')}, 1 where true
      union all select ${c('day')}, ${sql.lit(METRIC.creditsCharged)}, '', ${c('cost')} where ${c('cost')} <> 0
      ${count};
      insert into daily_active_accounts (day, user_id) select ${c('day')}, ${c('user_id')} where ${c('user_id')} is not null
      on conflict (day, user_id) do nothing;
      insert into daily_rollups (day, metric, dim, n)
      select ${c('day')}, ${sql.lit(METRIC.activeAccounts)}, '', 1 where ${c('user_id')} is not null and changes() = 1
      ${count};
      ${message} values (${c('thread_id')}, ${leaf}, coalesce((select p.depth + 1 from messages p where p.id = ${leaf}), 0), 0,
        'user', 'text', ${c('prompt')}, ${c('model')}, null, 'complete', ${c('t')}, ${c('t')});
      ${message} values (${c('thread_id')}, last_insert_rowid(), (select p.depth + 1 from messages p where p.id = last_insert_rowid()), 0,
        'assistant', 'text', '', ${c('model')}, ${c('placeholder')}, 'streaming', ${c('t')}, ${c('t')});
      update threads set updated_at = ${c('t')}, message_count = message_count + 2, current_leaf_id = last_insert_rowid(),
        title = case when message_count = 0 and title = ${sql.lit(DEFAULT_THREAD_TITLE)} then ${c('title')} else title end
      where id = ${c('thread_id')};
      insert into open_charges (reference, user_id, guest_id, amount, model, message_id, delivered, created_at)
      values (${c('reference')}, ${c('user_id')}, ${c('guest_id')}, ${c('cost')}, ${c('model')}, last_insert_rowid(), 0, ${c('t')});`;
  },
};

/** What an admission wrote, the balance it left and the branch its prompt follows, in one read. */
const readBack = (balance: 'users' | 'guests') =>
  hotQuery((_k, reference: string, threadId: number, ownerId: number) => {
    const owner =
      balance === 'users'
        ? sql`select credits, credits_used, subscription_tier as tier from users where id = ${ownerId}`
        : sql`select credits, credits_used, null as tier from guests where id = ${ownerId}`;
    return sql<Admitted>`with recursive admitted as (
        select m.id as reply_id, m.parent_id as prompt_id, p.parent_id as after_id
        from open_charges oc join messages m on m.id = oc.message_id join messages p on p.id = m.parent_id
        where oc.reference = ${reference}),
      ${branchCte(sql`(select after_id from admitted)`, threadId)}
      select t.*, a.reply_id as admitted_reply_id, a.prompt_id as admitted_prompt_id, b.credits as admitted_credits,
        b.credits_used as admitted_credits_used, b.tier as admitted_tier, ${branchJson('sqlite')} as admitted_branch
      from admitted a join threads t on t.id = ${threadId} join (${owner}) b`;
  });
const userReadBack = readBack('users');
const guestReadBack = readBack('guests');

type Admitted = ThreadRow & {
  admitted_reply_id: number;
  admitted_prompt_id: number;
  admitted_credits: number;
  admitted_credits_used: number;
  admitted_tier: string | null;
  admitted_branch: string;
};

/**
 * Admits a text prompt at the end of a thread's shown branch in two statements (in one transaction):
 * the admission above, then one read of what it wrote, the balance it left and the branch the prompt
 * follows (so the history needs no query of its own). Resolves to 'refused', having written
 * nothing, when the trigger refused; the caller then asks the transaction path, which answers why.
 */
export async function admitByProcedure(db: Db, who: Identity, r: AdmissionRequest): Promise<Admission | 'refused'> {
  await installProcedure(db, admission);
  const threadId = r.threadId as number;
  const isUser = who.kind === 'user';
  const title = promptTitle(r.model, r.prompt);
  const { month, day } = spendingPeriods();
  let row: Admitted | undefined;
  try {
    row = await db.kysely.transaction().execute(async (trx) => {
      await callProcedure(trx, admission, {
        user_id: isUser ? who.userId : null,
        guest_id: isUser ? null : who.guestId,
        thread_id: threadId,
        cost: r.cost,
        month,
        day,
        t: now(),
        model: r.model.id,
        reference: r.reference,
        prompt: r.prompt,
        placeholder: JSON.stringify(r.placeholder),
        title,
      });
      const readBack = isUser ? userReadBack : guestReadBack;
      const { rows } = await trx.executeQuery(readBack.compile(db, r.reference, threadId, isUser ? who.userId : who.guestId));
      return rows[0];
    });
  } catch (error) {
    if (isRaised(error, REFUSED)) return 'refused';
    throw error;
  }
  if (!row) throw new Error('an admitted chat could not be read back');
  const {
    admitted_reply_id: messageId,
    admitted_prompt_id: userMessageId,
    admitted_credits: credits,
    admitted_credits_used: creditsUsed,
    admitted_tier: tier,
    admitted_branch: branch,
    ...thread
  } = row;
  countCreditsCharged(who.kind, r.cost);
  // The thread as admitted: its count includes the two messages just written, one statement ago.
  const isFirst = thread.message_count === 2;
  return {
    balance: chargedBalance(who.kind, { credits, credits_used: creditsUsed, subscription_tier: tier ?? '' }),
    thread,
    userMessageId,
    messageId,
    branch: JSON.parse(branch) as BranchRow[],
    ...(isFirst && thread.title === title ? { newTitle: title } : {}),
    isFirst,
  };
}
