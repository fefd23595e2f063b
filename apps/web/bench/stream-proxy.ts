import { createServer, request as httpRequest, type Server } from 'node:http';
import { sseEvent, syntheticMathReplyTokens, syntheticReplyTokens } from './synthetic-stream';

/**
 * A pass-through proxy in front of the app server. While `synthetic` is on, a chat stream is
 * answered with the synthetic reply at `tokensPerSecond` instead of the demo provider's text.
 */
export interface StreamProxy {
  url: string;
  synthetic: boolean;
  /** Which synthetic reply: the long code block, or formulas with a diagram. */
  kind: 'code' | 'math';
  /** Content events sent by the last synthetic stream. */
  lastEvents: number;
  close(): Promise<void>;
}

export async function startStreamProxy(target: string, tokensPerSecond: number): Promise<StreamProxy> {
  const targetUrl = new URL(target);
  const state = { synthetic: false, kind: 'code' as 'code' | 'math', lastEvents: 0 };
  const server: Server = createServer((req, res) => {
    if (state.synthetic && req.method === 'GET' && req.url?.startsWith('/api/messages/chat.php?stream=true')) {
      const tokens = state.kind === 'math' ? syntheticMathReplyTokens() : syntheticReplyTokens();
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.write(`data: ${JSON.stringify({ type: 'connection_established', stream_id: 'synthetic', message_id: null })}\n\n`);
      const started = Date.now();
      let sent = 0;
      const timer = setInterval(() => {
        const due = Math.min(tokens.length, Math.floor(((Date.now() - started) / 1000) * tokensPerSecond));
        while (sent < due) {
          res.write(sseEvent(sent + 1, tokens[sent]!));
          sent++;
        }
        if (sent >= tokens.length) {
          clearInterval(timer);
          state.lastEvents = sent;
          res.end('data: [DONE]\n\n');
        }
      }, 10);
      req.on('close', () => clearInterval(timer));
      return;
    }
    const upstream = httpRequest(
      { host: targetUrl.hostname, port: targetUrl.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    get synthetic() {
      return state.synthetic;
    },
    set synthetic(on: boolean) {
      state.synthetic = on;
    },
    get kind() {
      return state.kind;
    },
    set kind(kind: 'code' | 'math') {
      state.kind = kind;
    },
    get lastEvents() {
      return state.lastEvents;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
