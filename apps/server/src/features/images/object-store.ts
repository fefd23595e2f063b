import type { Readable } from 'node:stream';
import type { AppConfig } from '../../config.js';
import { LocalObjectStore } from './local-object-store.js';

/** A stored object opened for reading: its bytes as a stream and its size. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where stored files live: the local folder under DATA_DIR (the default) or an S3 bucket shared by
 * every instance. Keys are chosen by the server ("images/<random>.png"), never by a client.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Writes an object; a key is written once (random names never collide). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Writes an object from a stream of known length, without holding it in memory. */
  putStream(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** Opens an object for streaming, or null when there is none under that key. */
  open(key: string): Promise<StoredObject | null>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Deletes an object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every object's key (the backup copies them all), in no set order. */
  list(): AsyncIterable<string>;
  close(): void;
}

// Server-chosen keys only: a folder and a file name, nothing that could climb out of either store.
const KEY = /^[a-z0-9-]+\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?$/;

/** Whether a key has the shape the server gives keys. */
export const isObjectKey = (key: string): boolean => KEY.test(key);

/** Throws unless the key has the shape the server gives keys. */
export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`Not an object key: ${key}`);
}

/** The key of a stored image file. */
export const imageObjectKey = (fileName: string): string => `images/${fileName}`;

/** The store the configuration names: S3 when S3_BUCKET is set, else the DATA_DIR folder. */
export async function createObjectStore(
  config: Pick<AppConfig, 'DATA_DIR' | 'S3_BUCKET' | 'S3_FORCE_PATH_STYLE' | 'raw'>,
): Promise<ObjectStore> {
  if (!config.S3_BUCKET) return new LocalObjectStore(config.DATA_DIR);
  // Loaded only when used: the AWS SDK adds about a quarter of a second to every start.
  const { S3ObjectStore, s3ClientFromEnv } = await import('./s3-object-store.js');
  return new S3ObjectStore(s3ClientFromEnv(config.raw, config.S3_FORCE_PATH_STYLE), config.S3_BUCKET);
}
