import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now, for a server process whose address must be known before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
