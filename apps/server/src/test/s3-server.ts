import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: the maintained s3rver fork ships no type declarations
import S3rver from '@20minutes/s3rver';

/** A real S3-protocol server on loopback with one empty bucket, and the env that points the app at it. */
export interface TestS3 {
  bucket: string;
  endpoint: string;
  env: Record<string, string>;
  /** Stops answering at once (every open connection cut), as a dead S3 would; the bucket's files stay. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same bucket and files. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts s3rver (a maintained fork running on Node 20) on a random port with a fresh bucket in a temporary folder.
 * `listing`: for tests that list the bucket. The SDK sends a bucket's listing to `/bucket/` and signs that path, as S3
 * expects; s3rver 4.0.4 checks the signature against `/bucket` (the path rebuilt from its route, without the slash)
 * and refuses every listing with SignatureDoesNotMatch. Signatures are still required, just not matched, there.
 */
export async function startTestS3(options: { listing?: boolean } = {}): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ensemble-s3-'));
  const bucket = `test-${randomBytes(6).toString('hex')}`;
  const serve = async (port: number) => {
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
      allowMismatchedSignatures: options.listing === true,
    });
    const address = (await s3rver.run()) as AddressInfo;
    return { s3rver, port: address.port };
  };
  const first = await serve(0);
  let server: { close(): Promise<void>; httpServer: { closeAllConnections(): void } } | null = first.s3rver;
  const endpoint = `http://127.0.0.1:${first.port}`;
  const stop = async () => {
    const running = server;
    if (!running) return;
    server = null;
    const closed = running.close();
    running.httpServer.closeAllConnections();
    await closed;
  };
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_S3: endpoint,
    },
    stop,
    async start() {
      if (server) return;
      server = (await serve(first.port)).s3rver;
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
