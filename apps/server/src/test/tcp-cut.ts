import { type Server, type Socket, connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP pass-through to a service whose connections a test can break, as a network or a restart would. */
export interface CuttableLink {
  /** The port to connect to instead of the service's. */
  readonly port: number;
  /** Breaks every open connection and refuses new ones for `ms`. */
  cut(ms: number): void;
  close(): Promise<void>;
}

/** Starts a pass-through to 127.0.0.1:`targetPort`. */
export async function cuttableLink(targetPort: number): Promise<CuttableLink> {
  const open = new Set<Socket>();
  let downUntil = 0;
  const server: Server = createServer((client) => {
    if (Date.now() < downUntil) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut(ms) {
      downUntil = Date.now() + ms;
      for (const socket of [...open]) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
