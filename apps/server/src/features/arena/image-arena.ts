import { ARENA, type ArenaSlotName } from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/connection.js';
import type { GeneratedImage } from '../../providers/types.js';
import { imageObjectKey } from '../images/object-store.js';
import { type StoredImage, checkImageBytes, storeImage } from '../images/storage.js';
import { stripImageMetadata } from './strip-metadata.js';
import type { Identity } from '../session/service.js';

/**
 * The image arena (issue 41). A blind picture is stored for its owner like any other, marked with its comparison:
 * served by its unguessable URL, but out of My Assets, the zip download and the account export until the vote, which
 * reveals it into the gallery. A comparison voided by a failure is refunded in full, so its pictures go; one left
 * unvoted for a day can no longer be voted on, and its pictures join the gallery, revealed.
 */

/** Stores a slot's picture, blind (without the metadata that names its maker), and notes it on the slot. */
export async function storeBlindImage(
  ctx: AppContext,
  who: Identity,
  comparison: { id: number; slot: ArenaSlotName; prompt: string; model: string },
  image: GeneratedImage,
): Promise<StoredImage> {
  // Checked first as any picture is (size, format), then written again without the maker's metadata.
  checkImageBytes(ctx, image.bytes);
  const clean = await stripImageMetadata(image.bytes, image.mediaType);
  const stored = await storeImage(ctx, {
    owner: who,
    bytes: clean.bytes,
    mediaType: clean.mediaType,
    prompt: comparison.prompt,
    model: comparison.model,
    aspectRatio: ARENA.imageAspectRatio,
    messageId: null,
    arenaComparisonId: comparison.id,
  });
  await ctx.db.kysely
    .updateTable('arena_slots')
    .set({ image_id: stored.id })
    .where('comparison_id', '=', comparison.id)
    .where('slot', '=', comparison.slot)
    .execute();
  return stored;
}

/** Deletes the pictures of a comparison voided by a failure (its credits all went back): rows, then files. */
export async function removeBlindImages(ctx: Pick<AppContext, 'db' | 'storage'>, comparisonId: number): Promise<void> {
  const gone = await ctx.db.kysely.deleteFrom('images').where('arena_comparison_id', '=', comparisonId).returning('file_name').execute();
  for (const row of gone) await ctx.storage.remove(imageObjectKey(row.file_name)).catch(() => undefined);
}

/** The comparison's pictures join their owner's gallery (the vote, or a day without one, revealed them). */
export async function revealBlindImages(db: Db['kysely'], comparisonId: number): Promise<void> {
  await db.updateTable('images').set({ arena_comparison_id: null }).where('arena_comparison_id', '=', comparisonId).execute();
}

/**
 * Image comparisons left unvoted for ARENA.imageVoteHours can no longer be voted on: each is voided as expired, once
 * (a conditional update, so instances sweeping together each take a comparison once), and its pictures join the
 * gallery. Answers how many expired.
 */
export async function expireImageComparisons(db: Db, at = Date.now()): Promise<number> {
  const before = new Date(at - ARENA.imageVoteHours * 3_600_000).toISOString();
  const stale = await db.kysely
    .selectFrom('arena_comparisons')
    .select('id')
    .where('type', '=', 'image')
    .where('status', 'in', ['running', 'ready'])
    .where('created_at', '<', before)
    .limit(500)
    .execute();
  let expired = 0;
  for (const { id } of stale) {
    await db.kysely.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('arena_comparisons')
        .set({ status: 'void', void_reason: 'expired', ended_at: new Date(at).toISOString() })
        .where('id', '=', id)
        .where('status', 'in', ['running', 'ready'])
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return;
      await revealBlindImages(trx, id);
      expired++;
    });
  }
  return expired;
}
