import { ConfigError, loadConfig } from './config.js';
import { openDb } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { copyImagesToBucket } from './features/images/copy-images-to-bucket.js';
import { LocalObjectStore } from './features/images/local-object-store.js';
import { createObjectStore } from './features/images/object-store.js';

/** `npm run images:migrate`: copies the images kept in DATA_DIR to the S3_BUCKET; safe to run again. */
async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.S3_BUCKET) {
    console.error(
      'Set S3_BUCKET (and AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_ENDPOINT_URL_S3 as needed) to the bucket to copy to.',
    );
    return 1;
  }
  const db = openDb({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX });
  const bucket = await createObjectStore(config);
  try {
    await migrateToLatest(db);
    console.log(`Copying images from ${config.DATA_DIR}/images to s3://${config.S3_BUCKET} ...`);
    const report = await copyImagesToBucket(db, new LocalObjectStore(config.DATA_DIR), bucket, (n) => console.log(`  ${n} images checked`));
    console.log(
      `Done: ${report.copied} copied, ${report.alreadyThere} already in the bucket, ${report.missingLocally.length} missing locally.`,
    );
    if (report.missingLocally.length) console.log(`Missing locally (not copied): ${report.missingLocally.join(', ')}`);
    console.log('The local files are kept; remove DATA_DIR/images once every instance runs with S3_BUCKET.');
    return 0;
  } finally {
    bucket.close();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
