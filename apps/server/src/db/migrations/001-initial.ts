import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/** An auto-increment integer primary key in either dialect. */
function withId<T extends string>(dialect: Dialect, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** The whole first schema: identities, sessions, credits, threads, messages, images, activity, billing. */
export const initial = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await withId(dialect, db.schema.createTable('users'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('username', 'text', notNull)
      .addColumn('password_hash', 'text')
      .addColumn('google_sub', 'text', (c) => c.unique())
      .addColumn('picture', 'text')
      .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0).check(sql`credits >= 0`))
      .addColumn('credits_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('subscription_tier', 'text', (c) => c.notNull().defaultTo('free'))
      .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('none'))
      .addColumn('subscription_end_date', 'text')
      .addColumn('stripe_customer_id', 'text', (c) => c.unique())
      .addColumn('stripe_subscription_id', 'text')
      .addColumn('created_at', 'text', notNull)
      .addColumn('updated_at', 'text', notNull)
      .execute();

    await withId(dialect, db.schema.createTable('guests'))
      .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0).check(sql`credits >= 0`))
      .addColumn('credits_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('client_address', 'text', notNull)
      .addColumn('retired_at', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('cascade'))
      .addColumn('created_at', 'text', notNull)
      .addColumn('last_seen_at', 'text', notNull)
      .addColumn('expires_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await withId(dialect, db.schema.createTable('credit_ledger'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('cascade'))
      .addColumn('delta', 'integer', notNull)
      .addColumn('balance_after', 'integer', notNull)
      .addColumn('reason', 'text', notNull)
      .addColumn('model', 'text')
      .addColumn('reference', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('ledger_user').on('credit_ledger').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('ledger_guest').on('credit_ledger').columns(['guest_id', 'id']).execute();

    await db.schema
      .createTable('guest_allowances')
      .addColumn('client_address', 'text', notNull)
      .addColumn('day', 'text', notNull)
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('guest_allowances_pk', ['client_address', 'day'])
      .execute();

    await withId(dialect, db.schema.createTable('threads'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('cascade'))
      .addColumn('title', 'text', notNull)
      .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', notNull)
      .addColumn('updated_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('threads_user').on('threads').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('threads_guest').on('threads').columns(['guest_id', 'created_at']).execute();

    await withId(dialect, db.schema.createTable('messages'))
      .addColumn('thread_id', 'integer', (c) => c.notNull().references('threads.id').onDelete('cascade'))
      .addColumn('role', 'text', notNull)
      .addColumn('type', 'text', notNull)
      .addColumn('content', 'text', notNull)
      .addColumn('model', 'text')
      .addColumn('metadata', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('complete'))
      .addColumn('created_at', 'text', notNull)
      .addColumn('updated_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('messages_thread').on('messages').columns(['thread_id', 'id']).execute();

    await db.schema
      .createTable('images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('cascade'))
      .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
      .addColumn('file_name', 'text', notNull)
      .addColumn('media_type', 'text', notNull)
      .addColumn('byte_size', 'integer', notNull)
      .addColumn('width', 'integer', notNull)
      .addColumn('height', 'integer', notNull)
      .addColumn('prompt', 'text', notNull)
      .addColumn('model', 'text')
      .addColumn('aspect_ratio', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('images_user').on('images').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('images_guest').on('images').columns(['guest_id', 'created_at']).execute();

    await withId(dialect, db.schema.createTable('activities'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('cascade'))
      .addColumn('activity_type', 'text', notNull)
      .addColumn('description', 'text', notNull)
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('activities_user').on('activities').columns(['user_id', 'id']).execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', notNull)
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();

    await db.schema
      .createTable('billing_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('received_at', 'text', notNull)
      .addColumn('processed_at', 'text')
      .execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', notNull)
      .addColumn('count', 'integer', notNull)
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const t of [
      'rate_limits',
      'billing_events',
      'password_resets',
      'activities',
      'images',
      'messages',
      'threads',
      'guest_allowances',
      'credit_ledger',
      'sessions',
      'guests',
      'users',
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
});
