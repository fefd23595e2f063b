import { AUTH_PATHS, EXPORT_PATHS, SHARE_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp } from '../../test/app-factory.js';
import { createTestApp } from '../../test/app-factory.js';
import { type TestS3, startTestS3 } from '../../test/s3-server.js';
import { buildConversation } from '../export/test-conversation.js';
import { imageObjectKey } from '../images/object-store.js';
import { unzip } from '../images/test-images.js';

const PASSWORD = 'violet-harbour-lantern-42';

describe(`export, share and account deletion with images in S3 on ${TEST_DB}`, () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('exports from the bucket, copies a shared image into the bucket, and deletion removes the account files from it', async () => {
    expect(t.ctx.storage.kind).toBe('s3');
    const c = t.client();
    const reg = await c.post(AUTH_PATHS.register, { email: 's3-leaver@example.com', username: 'S3 Leaver', password: PASSWORD });
    expect(reg.statusCode).toBe(200);
    const conv = await buildConversation(t, c);
    const row = await t.ctx.db.kysely.selectFrom('images').select('file_name').where('id', '=', conv.imageId).executeTakeFirstOrThrow();
    const key = imageObjectKey(row.file_name);
    const size = await t.ctx.storage.size(key);
    expect(size).toBeGreaterThan(1000);

    const zip = await c.get(`${EXPORT_PATHS.thread}?thread_id=${conv.threadId}&format=json`);
    expect(unzip(zip.rawPayload).get(`images/${conv.imageId}.png`)?.length).toBe(size);

    const token = (await c.post(SHARE_PATHS.create, { thread_id: conv.threadId })).data.link.token as string;
    const guest = t.client();
    const copied = await guest.post(SHARE_PATHS.continue, { token });
    expect(copied.statusCode).toBe(200);
    const guestImage = await t.ctx.db.kysely
      .selectFrom('images')
      .select('file_name')
      .where('guest_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const guestKey = imageObjectKey(guestImage.file_name);
    expect(await t.ctx.storage.size(guestKey)).toBe(size);

    const res = await c.post(AUTH_PATHS.deleteAccount, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.storage.size(key)).toBeNull();
    // The guest's copy is the guest's: it stays in the bucket and in the guest's thread.
    expect(await t.ctx.storage.size(guestKey)).toBe(size);
    const thread = await guest.post('/api/messages/get_messages.php', { thread_id: copied.data.thread_id });
    expect((await guest.get(thread.data.messages[3].content)).statusCode).toBe(200);
  });
});
