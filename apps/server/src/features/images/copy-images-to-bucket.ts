import type { Db } from '../../db/connection.js';
import type { LocalObjectStore } from './local-object-store.js';
import { type ObjectStore, imageObjectKey } from './object-store.js';

/** What a copy run did: objects written, already in the bucket, and rows whose local file is gone. */
export interface CopyReport {
  copied: number;
  alreadyThere: number;
  missingLocally: string[];
}

const PAGE = 200;

/**
 * Copies every recorded image from the DATA_DIR folder to the bucket, streaming each file. Safe to
 * run again: an object already in the bucket with the same size is left alone. Local files are kept.
 */
export async function copyImagesToBucket(
  db: Db,
  from: LocalObjectStore,
  to: ObjectStore,
  onProgress: (done: number) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, missingLocally: [] };
  let after = '';
  for (;;) {
    const rows = await db.kysely
      .selectFrom('images')
      .select(['id', 'file_name', 'media_type'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const key = imageObjectKey(row.file_name);
      const local = await from.open(key);
      if (!local) {
        report.missingLocally.push(row.id);
        continue;
      }
      if ((await to.size(key)) === local.size) {
        local.body.destroy();
        report.alreadyThere++;
        continue;
      }
      await to.putStream(key, local.body, local.size, row.media_type);
      report.copied++;
    }
    onProgress(report.copied + report.alreadyThere + report.missingLocally.length);
    if (rows.length < PAGE) return report;
    after = rows[rows.length - 1]?.id as string;
  }
}
