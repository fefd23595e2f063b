import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { BackupError, backupInstance, restoreInstance } from './features/backup/backup.js';

/**
 * `npm run backup -- <dir>` and `npm run restore -- <dir>` (issue 44): a backup of the instance the environment
 * configures (DATA_DIR, DATABASE_URL, S3_BUCKET), taken while it runs, and its restore into an empty one. The folder
 * is read from where npm was started.
 */
async function main(): Promise<number> {
  const [action, target] = process.argv.slice(2);
  if ((action !== 'backup' && action !== 'restore') || !target) {
    console.error('Usage: npm run backup -- <folder>   or   npm run restore -- <folder>');
    return 2;
  }
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  const config = loadConfig();
  const say = (line: string) => console.log(line);
  if (action === 'backup') await backupInstance(config, dir, say);
  else await restoreInstance(config, dir, say);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
