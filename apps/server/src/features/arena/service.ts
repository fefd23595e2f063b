import {
  ARENA,
  AppError,
  imageFileUrl,
  type ArenaOutcome,
  type ArenaReveal,
  type ArenaSlotName,
  type ArenaStartRequest,
  type ArenaStartResponse,
  type ArenaStatus,
} from '@ensemble/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../../db/connection.js';
import { inChatSlot } from '../chat/chat-slot.js';
import { type BlindEnd, type ChatDeps, creditsError, startChat } from '../chat/service.js';
import { getBalance, refund } from '../credits/service.js';
import type { Identity } from '../session/service.js';
import { drawModels } from './draw.js';
import { removeBlindImages, revealBlindImages, storeBlindImage } from './image-arena.js';

type Db = ChatDeps['ctx']['db'];

const notFound = () => new AppError('not_found', 'That comparison was not found.');

/** Who a comparison belongs to, as a query condition and as the payer its refunds go to. */
function ownerOf(row: { user_id: number | null; guest_id: number | null }) {
  return row.user_id !== null
    ? { kind: 'user' as const, userId: row.user_id, guestId: null }
    : { kind: 'guest' as const, userId: null, guestId: row.guest_id as number };
}

/**
 * start.php (issue 41): draws (or checks) the models, then starts each slot's reply on the server as a blind chat
 * reply without a thread, each charged as a comparison slot is. The answer names slots and streams, never models.
 * A slot that cannot start voids the comparison: the slots already started are stopped. An image slot's picture is
 * drawn at the arena's one aspect ratio and kept out of My Assets until the vote; status.php gives its URL once drawn.
 */
export async function startArena(
  deps: ChatDeps,
  who: Identity,
  body: ArenaStartRequest,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ArenaStartResponse> {
  const { ctx, catalogue, streams } = deps;
  const db = ctx.db.kysely;
  const drawn = await drawModels(db, catalogue, body.type, body.models, body.cost);
  // Enough for every slot, checked before any starts (each is charged as it starts).
  const balance = await getBalance(db, who);
  if (balance.remaining < drawn.cost) throw await creditsError(ctx, who, drawn.cost);
  const inserted = await db
    .insertInto('arena_comparisons')
    .values({
      type: body.type,
      user_id: who.userId,
      guest_id: who.guestId,
      prompt: body.prompt,
      status: 'running',
      demo: drawn.demo ? 1 : 0,
      cost: drawn.cost,
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  const names = drawn.models.map((_, i) => ARENA.slots[i] as ArenaSlotName);
  await db
    .insertInto('arena_slots')
    .values(drawn.models.map((model, i) => ({ comparison_id: id, slot: names[i] as string, model: model.id, status: 'running' as const })))
    .execute();
  const slots: ArenaStartResponse['slots'] = [];
  try {
    for (const [i, model] of drawn.models.entries()) {
      const slot = names[i] as ArenaSlotName;
      const image = body.type === 'image';
      const answer = await inChatSlot(streams, request, reply, () =>
        startChat(deps, Promise.resolve(who), {
          model: model.id,
          stream: true,
          is_comparison: true,
          messages: [{ role: 'user', content: body.prompt, ...(image ? { metadata: { aspectRatio: ARENA.imageAspectRatio } } : {}) }],
          blind: {
            onEnd: (end) => slotEnded(deps, id, slot, end),
            ...(image
              ? { storeImage: (picture) => storeBlindImage(ctx, who, { id, slot, prompt: body.prompt, model: model.id }, picture) }
              : {}),
          },
        }),
      );
      const streamId = answer.data?.stream_id;
      if (!streamId) throw new AppError('bad_gateway', 'The comparison could not start.');
      await db.updateTable('arena_slots').set({ stream_id: streamId }).where('comparison_id', '=', id).where('slot', '=', slot).execute();
      slots.push({ slot, stream_id: streamId });
    }
  } catch (error) {
    await db
      .updateTable('arena_comparisons')
      .set({ status: 'void', void_reason: 'failed', ended_at: now() })
      .where('id', '=', id)
      .execute();
    for (const s of slots) if (s.stream_id) streams.running.stop(s.stream_id, 'stop');
    await refundVoided(ctx, id);
    throw error;
  }
  return { status: 'success', comparison_id: id, slots, cost: drawn.cost, demo: drawn.demo };
}

/**
 * A slot's reply ended: its row says how and what it kept. The last complete slot makes the comparison ready for a
 * vote; a failed or stopped one voids it and stops the others. A comparison voided by a failure gives every slot's
 * credits back, each once, whenever the slot ends.
 */
async function slotEnded(deps: ChatDeps, id: number, slot: ArenaSlotName, end: BlindEnd): Promise<void> {
  const db = deps.ctx.db.kysely;
  // What the reply kept, as the ledger has it (a reply stopped after its first text keeps its charge).
  const charged = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.sum<number | string | null>('delta').as('net'))
    .where('reference', '=', end.reference)
    .executeTakeFirst();
  const kept = Math.max(0, -Number(charged?.net ?? 0));
  await db
    .updateTable('arena_slots')
    .set({ status: end.status, kept, figures: end.figures ? JSON.stringify(end.figures) : null })
    .where('comparison_id', '=', id)
    .where('slot', '=', slot)
    .execute();
  if (end.status === 'complete') {
    const open = await db
      .selectFrom('arena_slots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('comparison_id', '=', id)
      .where('status', '!=', 'complete')
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0)
      await db
        .updateTable('arena_comparisons')
        .set({ status: 'ready', ended_at: now() })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
  } else {
    const voided = await db
      .updateTable('arena_comparisons')
      .set({ status: 'void', void_reason: end.status, ended_at: now() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(voided.numUpdatedRows) > 0) {
      const running = await db
        .selectFrom('arena_slots')
        .select('stream_id')
        .where('comparison_id', '=', id)
        .where('status', '=', 'running')
        .execute();
      for (const r of running) if (r.stream_id) deps.streams.running.stop(r.stream_id, 'stop');
    }
  }
  await refundVoided(deps.ctx, id);
}

/**
 * Gives back what each ended slot kept, once, when its comparison was voided by a failure; its pictures (paid for by
 * no one now) go.
 */
async function refundVoided(ctx: ChatDeps['ctx'], id: number): Promise<void> {
  const db = ctx.db;
  const comparison = await db.kysely
    .selectFrom('arena_comparisons')
    .select(['status', 'void_reason', 'user_id', 'guest_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (comparison?.status !== 'void' || comparison.void_reason !== 'failed') return;
  await removeBlindImages(ctx, id);
  const slots = await db.kysely
    .selectFrom('arena_slots')
    .select(['slot', 'model', 'kept'])
    .where('comparison_id', '=', id)
    .where('status', '!=', 'running')
    .where('refunded', '=', 0)
    .where('kept', '>', 0)
    .execute();
  for (const s of slots) {
    const claimed = await db.kysely
      .updateTable('arena_slots')
      .set({ refunded: 1 })
      .where('comparison_id', '=', id)
      .where('slot', '=', s.slot)
      .where('refunded', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    await refund(db, ownerOf(comparison), Number(s.kept), s.model, `arena:${id}:${s.slot}`);
  }
}

/** The caller's comparison, or 404 (another's is as good as missing). */
async function ownComparison(db: Db, who: Identity, id: number) {
  const row = await db.kysely.selectFrom('arena_comparisons').selectAll().where('id', '=', id).executeTakeFirst();
  const owns = row && (who.kind === 'user' ? row.user_id === who.userId : row.guest_id === who.guestId);
  if (!row || !owns) throw notFound();
  return row;
}

/** status.php: where the caller's comparison stands, slot by slot, with an image slot's picture once drawn. */
export async function arenaState(db: Db, who: Identity, id: number): Promise<ArenaStatus> {
  const comparison = await ownComparison(db, who, id);
  const slots = await db.kysely
    .selectFrom('arena_slots')
    .leftJoin('images', 'images.id', 'arena_slots.image_id')
    .select([
      'arena_slots.slot as slot',
      'arena_slots.status as state',
      'images.id as image',
      'images.width as width',
      'images.height as height',
    ])
    .where('arena_slots.comparison_id', '=', id)
    .orderBy('arena_slots.slot')
    .execute();
  return {
    status: 'success',
    type: comparison.type,
    state: comparison.status,
    void_reason: comparison.void_reason,
    slots: slots.map((s) => ({
      slot: s.slot as ArenaSlotName,
      state: s.state,
      ...(s.image ? { image_url: imageFileUrl(s.image), width: Number(s.width), height: Number(s.height) } : {}),
    })),
  };
}

const STATE_REFUSALS = {
  running: 'Wait until every reply has finished, then vote.',
  voted: 'You have already voted on this comparison.',
  void: 'A reply failed or was stopped, so this comparison cannot be voted on.',
  expired: 'This comparison was left a day without a vote, so it can no longer be voted on.',
} as const;

/**
 * vote.php: one vote per comparison, once every reply is complete; at most `perDay` a UTC day per account or guest.
 * The comparison's claim, the day's count and the vote are one transaction, so parallel votes cannot pass either
 * limit. Answers the reveal: each slot's model, with its figures.
 */
export async function voteArena(
  db: Db,
  who: Identity,
  input: { comparison_id: number; outcome: ArenaOutcome },
  perDay: number,
): Promise<ArenaReveal & { figures: Record<string, unknown> }> {
  const comparison = await ownComparison(db, who, input.comparison_id);
  const slots = await db.kysely
    .selectFrom('arena_slots')
    .select(['slot', 'model', 'counted', 'figures'])
    .where('comparison_id', '=', comparison.id)
    .orderBy('slot')
    .execute();
  if (!slots.some((s) => s.slot === input.outcome) && !['tie', 'all_bad'].includes(input.outcome))
    throw new AppError('bad_request', `Invalid request: outcome: this comparison has no slot ${input.outcome}`);
  if (comparison.status !== 'ready')
    throw new AppError('conflict', STATE_REFUSALS[comparison.void_reason === 'expired' ? 'expired' : comparison.status]);
  const verified =
    who.kind === 'user' &&
    Number(
      (await db.kysely.selectFrom('users').select('email_verified').where('id', '=', who.userId).executeTakeFirst())?.email_verified ?? 0,
    ) === 1;
  const counted = Number(comparison.demo) === 0 && slots.every((s) => Number(s.counted) === 1);
  const at = now();
  const day = at.slice(0, 10);
  await db.kysely.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('arena_comparisons')
      .set({ status: 'voted' })
      .where('id', '=', comparison.id)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new AppError('conflict', STATE_REFUSALS.voted);
    // An image comparison's pictures join the voter's gallery with the vote.
    if (comparison.type === 'image') await revealBlindImages(trx, comparison.id);
    const table = who.kind === 'user' ? 'users' : 'guests';
    const ownerId = who.kind === 'user' ? who.userId : who.guestId;
    const counter = await trx
      .updateTable(table)
      .set((eb) => ({
        arena_day_votes: eb
          .case()
          .when('arena_day', '=', day)
          .then(eb('arena_day_votes', '+', 1))
          .else(1)
          .end(),
        arena_day: day,
      }))
      .where('id', '=', ownerId)
      .where((eb) => eb.or([eb('arena_day', '!=', day), eb('arena_day_votes', '<', perDay)]))
      .executeTakeFirst();
    if (Number(counter.numUpdatedRows) === 0)
      throw new AppError('rate_limited', `You have cast today's ${perDay} arena votes. Vote again tomorrow.`);
    await trx
      .insertInto('arena_votes')
      .values({
        comparison_id: comparison.id,
        type: comparison.type,
        model_a: slots[0]?.model as string,
        model_b: slots[1]?.model as string,
        model_c: slots[2]?.model ?? null,
        outcome: input.outcome,
        voter: who.kind === 'guest' ? 'guest' : verified ? 'verified' : 'unverified',
        user_id: who.userId,
        guest_id: who.guestId,
        counted: counted ? 1 : 0,
        created_at: at,
        day,
      })
      .execute();
  });
  const figures: Record<string, unknown> = {};
  for (const s of slots) if (s.figures) figures[s.slot] = JSON.parse(s.figures);
  return {
    status: 'success',
    slots: slots.map((s) => ({ slot: s.slot as ArenaSlotName, model: s.model })),
    counted: counted && verified,
    figures,
  };
}
