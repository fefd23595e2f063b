import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Attachments (issue 15): files a user uploads to send with a message. Owned like images (a user or a
 * guest), linked to the user message that sent them (charged then, once), the extracted text of a
 * PDF or text file kept beside the file so history re-sends need no second extraction.
 */
export const attachments = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('attachments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('cascade'))
      .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('media_type', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('file_key', 'text', (c) => c.notNull())
      .addColumn('thumbnail_key', 'text')
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('text_content', 'text')
      .addColumn('truncated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('attachments_user').on('attachments').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('attachments_guest').on('attachments').columns(['guest_id', 'created_at']).execute();
    await db.schema.createIndex('attachments_message').on('attachments').column('message_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('attachments').execute();
  },
});
