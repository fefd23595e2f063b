import { execFile } from 'node:child_process';
import { unlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { type TestS3, startTestS3 } from '../../test/s3-server.js';
import { copyImagesToBucket } from './copy-images-to-bucket.js';
import { LocalObjectStore } from './local-object-store.js';
import { type ObjectStore, createObjectStore, imageObjectKey } from './object-store.js';
import { storeImage } from './storage.js';
import { pngBytes } from './test-images.js';

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

describe('copying local images to the bucket (images:migrate)', () => {
  let s3: TestS3;
  let local: TestApp;
  let bucket: ObjectStore;
  const ids: string[] = [];
  beforeAll(async () => {
    s3 = await startTestS3();
    local = await createTestApp();
    bucket = await createObjectStore({ DATA_DIR: local.dataDir, S3_BUCKET: s3.bucket, S3_FORCE_PATH_STYLE: true, raw: s3.env });
    const c = local.client();
    await c.get('/api/auth/check_session.php');
    const guest = await local.ctx.db.kysely.selectFrom('guests').select('id').where('client_address', '=', c.ip).executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) {
      const stored = await storeImage(local.ctx, {
        owner: { kind: 'guest', guestId: guest.id, userId: null, sessionHash: 'unused' },
        bytes: pngBytes(6 + i, 4, i + 1),
        mediaType: 'image/png',
        prompt: `fox ${i}`,
        model: 'flux',
        aspectRatio: '1:1',
        messageId: null,
      });
      ids.push(stored.id);
    }
  });
  afterAll(async () => {
    bucket?.close();
    await local?.close();
    await s3?.close();
  });

  it('copies every image, then finds them all there on a second run; an instance on the bucket serves them', async () => {
    const first = await copyImagesToBucket(local.ctx.db, new LocalObjectStore(local.dataDir), bucket);
    expect(first).toEqual({ copied: 3, alreadyThere: 0, missingLocally: [] });
    const again = await copyImagesToBucket(local.ctx.db, new LocalObjectStore(local.dataDir), bucket);
    expect(again).toEqual({ copied: 0, alreadyThere: 3, missingLocally: [] });

    const before = await local.client().get(`/api/images/file/${ids[1]}`);
    const onBucket = await createTestApp(s3.env, { sharedWith: local });
    try {
      // The local copies go away: what is served now comes from the bucket.
      const rows = await local.ctx.db.kysely.selectFrom('images').select('file_name').execute();
      for (const r of rows) unlinkSync(path.join(local.dataDir, imageObjectKey(r.file_name)));
      const after = await onBucket.client().get(`/api/images/file/${ids[1]}`);
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload).toEqual(before.rawPayload);
      const report = await copyImagesToBucket(local.ctx.db, new LocalObjectStore(local.dataDir), bucket);
      expect(report).toEqual({ copied: 0, alreadyThere: 0, missingLocally: [...ids].sort() });
    } finally {
      await onBucket.close();
    }
  });

  it.runIf(TEST_DB === 'sqlite')('runs as a command that reports what it did, and refuses to run without S3_BUCKET', async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/images-migrate.ts'], {
        cwd: SERVER_DIR,
        env: { PATH: process.env.PATH, DATA_DIR: local.dataDir, LOG_LEVEL: 'silent', ...env },
      });
    const { stdout } = await run(s3.env);
    expect(stdout).toMatch(/Done: 0 copied, 0 already in the bucket, 3 missing locally\./);
    await expect(run({})).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Set S3_BUCKET') });
  });
});
