import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A proxy in front of a fake that can rewrite a request's JSON body on its way, and keeps the fake's last answer. */
export interface RewritingProxy {
  /** http://127.0.0.1:port: the fake's URL with the proxy's origin (paths are passed through as they are). */
  readonly url: string;
  /** Rewrites each JSON body before it goes on (the identity unless set). */
  rewrite: (body: Record<string, unknown>) => void;
  /** The status and body the fake last answered with. */
  readonly last: { status?: number; body?: string };
  close(): Promise<void>;
}

/**
 * Starts a proxy to `target` (an origin). A test corrupts what an adapter sends (a tool result whose call is not in
 * the conversation, which our own request types cannot express) to see the fake refuse it as the provider would, and
 * the adapter report that refusal. Answers are passed back whole (errors, and short event streams).
 */
export async function startRewritingProxy(target: string): Promise<RewritingProxy> {
  const proxy: RewritingProxy = {
    url: '',
    rewrite: () => {},
    last: {},
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (req, res) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    let body = Buffer.concat(parts).toString('utf8');
    if (body) {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      proxy.rewrite(parsed);
      body = JSON.stringify(parsed);
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !['host', 'content-length', 'connection'].includes(name)) headers.set(name, String(value));
    }
    try {
      const answer = await fetch(`${target}${req.url ?? '/'}`, { method: req.method, headers, ...(body ? { body } : {}) });
      const text = await answer.text();
      Object.assign(proxy.last, { status: answer.status, body: text });
      res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(proxy, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  return proxy;
}
