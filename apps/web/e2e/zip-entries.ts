import { createRequire } from 'node:module';

interface ZipEntry {
  fileName: string;
  uncompressedSize: number;
}
interface ZipFile {
  on(event: 'entry', listener: (entry: ZipEntry) => void): void;
  on(event: 'end', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  close(): void;
}
// yauzl ships without types; this is the part of its API used here.
const yauzl = createRequire(import.meta.url)('yauzl') as {
  fromBuffer(buffer: Buffer, options: { lazyEntries: false }, callback: (error: Error | null, zip: ZipFile) => void): void;
};

/** The entries listed in a zip's central directory (name and size), read with yauzl. */
export function zipEntries(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: false }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry) => entries.push({ fileName: entry.fileName, uncompressedSize: entry.uncompressedSize }));
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
    });
  });
}
