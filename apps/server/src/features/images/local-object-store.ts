import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { type ObjectStore, type StoredObject, assertObjectKey, isObjectKey } from './object-store.js';

/** Objects as files under DATA_DIR ("images/x.png" is DATA_DIR/images/x.png): one machine's disk. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  constructor(private readonly dataDir: string) {}

  /** The file behind a key. */
  pathOf(key: string): string {
    assertObjectKey(key);
    return path.join(this.dataDir, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes, { flag: 'wx' });
  }

  async putStream(key: string, body: Readable): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(body, createWriteStream(file, { flags: 'wx' }));
  }

  async open(key: string): Promise<StoredObject | null> {
    const size = await this.size(key);
    if (size === null) return null;
    const body = createReadStream(this.pathOf(key));
    // Opening can still fail (removed a moment ago): report it as missing rather than as a broken stream.
    const opened = await new Promise<boolean>((resolve) => {
      body.once('open', () => resolve(true));
      body.once('error', () => resolve(false));
    });
    return opened ? { body, size } : null;
  }

  async size(key: string): Promise<number | null> {
    const found = await stat(this.pathOf(key)).catch(() => null);
    return found?.isFile() ? found.size : null;
  }

  async remove(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  /** The files in DATA_DIR's folders whose names have a key's shape (the database's files sit beside them, not in one). */
  async *list(): AsyncIterable<string> {
    for (const folder of await readdir(this.dataDir, { withFileTypes: true })) {
      if (!folder.isDirectory()) continue;
      for (const file of await readdir(path.join(this.dataDir, folder.name), { withFileTypes: true })) {
        const key = `${folder.name}/${file.name}`;
        if (file.isFile() && isObjectKey(key)) yield key;
      }
    }
  }

  close(): void {}
}
