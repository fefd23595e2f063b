import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the scripted provider answers the next chat completion. */
export interface Script {
  chunks: string[];
  /** 'stop' or 'length' ends normally; 'cut' drops the connection; 'stall' never finishes. */
  end: 'stop' | 'length' | 'cut' | 'stall';
  /** Awaited once the request has arrived, before anything is answered: a test learns of the call and holds it. */
  before?: () => Promise<void>;
}

/** A running scripted provider; set `script` before each call. */
export interface ScriptedOpenAI {
  /** The base URL to give as OPENAI_BASE_URL. */
  url: string;
  script: Script;
  close(): Promise<void>;
}

/**
 * A local OpenAI Chat Completions endpoint speaking the real SSE wire format, whose next answer a
 * test scripts: the chunks, then a normal finish ('stop' or 'length'), a dropped connection, or a
 * stall that never ends (until close).
 */
export async function startScriptedOpenAI(): Promise<ScriptedOpenAI> {
  const state = { script: { chunks: ['Hello'], end: 'stop' } as Script };
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const { chunks, end, before } = state.script;
      await before?.();
      const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o' };
      const send = (delta: object, finish: string | null) =>
        res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      open.add(res);
      send({ role: 'assistant', content: '' }, null);
      for (const content of chunks) {
        send({ content }, null);
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (end === 'cut') return res.socket?.destroy();
      if (end === 'stall') return;
      send({}, end);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get script() {
      return state.script;
    },
    set script(s: Script) {
      state.script = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
