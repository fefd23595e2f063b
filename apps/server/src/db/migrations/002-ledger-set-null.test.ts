import { describe, expect, it } from 'vitest';
import { now } from '../connection.js';
import { useMigrationDb } from '../../test/migration-db.js';

describe('migration 002: ledger references become ON DELETE SET NULL', () => {
  const m = useMigrationDb();

  it('keeps every ledger row and id, then nulls the reference when a guest or account is deleted', async () => {
    expect((await m.migrator.migrateTo('001-initial')).error).toBeUndefined();
    const k = m.db.kysely;
    const t = now();
    const guest = await k
      .insertInto('guests')
      .values({ credits: 25, credits_used: 0, client_address: '10.0.0.1', retired_at: null, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await k
      .insertInto('users')
      .values({
        email: 'ledger@example.com',
        username: 'Ledger',
        password_hash: null,
        google_sub: null,
        picture: null,
        credits: 100,
        credits_used: 0,
        subscription_tier: 'free',
        subscription_status: 'none',
        subscription_end_date: null,
        stripe_customer_id: null,
        stripe_subscription_id: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = { delta: 25, balance_after: 25, reason: 'grant', model: null, reference: null, created_at: t };
    await k
      .insertInto('credit_ledger')
      .values({ ...row, user_id: null, guest_id: guest.id })
      .execute();
    await k
      .insertInto('credit_ledger')
      .values({ ...row, user_id: user.id, guest_id: null })
      .execute();
    const before = await k.selectFrom('credit_ledger').selectAll().orderBy('id').execute();

    const { error, results } = await m.migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toContainEqual(['002-ledger-set-null', 'Success']);
    // Later migrations add columns (022: api_key_id, null for these rows); every row and value from before stays.
    expect(await k.selectFrom('credit_ledger').selectAll().orderBy('id').execute()).toEqual(
      before.map((r) => ({ ...r, api_key_id: null })),
    );

    await k.deleteFrom('guests').where('id', '=', guest.id).execute();
    await k.deleteFrom('users').where('id', '=', user.id).execute();
    const after = await k.selectFrom('credit_ledger').selectAll().orderBy('id').execute();
    expect(after.map((r) => [r.id, r.user_id, r.guest_id, r.delta])).toEqual(before.map((r) => [r.id, null, null, r.delta]));
    // New rows continue after the old ids.
    const next = await k
      .insertInto('credit_ledger')
      .values({ ...row, user_id: null, guest_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(Math.max(...before.map((r) => r.id)));
  });
});
