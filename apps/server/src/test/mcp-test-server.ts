import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** One tool call the test server received (its arguments as sent), and how it ended. */
export interface McpTestCall {
  tool: string;
  args: Record<string, unknown>;
  transport: 'http' | 'sse';
  /** 'pending' while it runs; 'aborted' when the client went away (hang ends only so). */
  outcome: 'pending' | 'answered' | 'aborted';
}

/** A running MCP server built with the official SDK: streamable HTTP at `url`, the legacy SSE transport at `sseUrl`. */
export interface McpTestServer {
  /** http://127.0.0.1:port/mcp (streamable HTTP). */
  url: string;
  /** http://127.0.0.1:port/sse (legacy HTTP+SSE; a POST there answers 405, as on a server without streamable HTTP). */
  sseUrl: string;
  /** Every tool call received, in order. */
  calls: McpTestCall[];
  /** Sessions open now (a client that closes properly leaves none). */
  openSessions(): number;
  /** HTTP requests received so far, of any kind (a refused address must leave it at 0). */
  requestCount(): number;
  close(): Promise<void>;
}

export interface McpTestServerOptions {
  /** When set, every request must carry `Authorization: Bearer <token>` (else 401). */
  token?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: any free port. */
  port?: number;
}

/** How many characters `big` answers. */
export const MCP_TEST_BIG_CHARS = 1024 * 1024;

/** The tools: add, echo, fail (isError), hang (answers only when aborted), big (1 MB), delete_everything (destructive). */
function toolServer(calls: McpTestCall[], transport: McpTestCall['transport']): McpServer {
  const server = new McpServer({ name: 'ensemble-test-tools', version: '1.0.0' });
  const record = (tool: string, args: Record<string, unknown>) => {
    const call: McpTestCall = { tool, args, transport, outcome: 'pending' };
    calls.push(call);
    return call;
  };
  const answered = (call: McpTestCall, text: string, isError = false) => {
    call.outcome = 'answered';
    return { content: [{ type: 'text' as const, text }], ...(isError ? { isError: true } : {}) };
  };
  server.registerTool(
    'add',
    { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() }, annotations: { readOnlyHint: true } },
    async (args) => answered(record('add', args), String(args.a + args.b)),
  );
  server.registerTool(
    'echo',
    { description: 'Answers the text it is given.', inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
    async (args) => answered(record('echo', args), args.text),
  );
  server.registerTool('fail', { description: 'Always fails, as a tool-level error.' }, async () =>
    answered(record('fail', {}), 'This tool always fails.', true),
  );
  server.registerTool('hang', { description: 'Never answers until the call is cancelled.' }, async (extra) => {
    const call = record('hang', {});
    await new Promise<void>((resolve) => {
      if (extra.signal.aborted) return resolve();
      extra.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    call.outcome = 'aborted';
    return { content: [{ type: 'text' as const, text: 'cancelled' }] };
  });
  server.registerTool('big', { description: 'Answers one megabyte of text.' }, async () =>
    answered(record('big', {}), 'x'.repeat(MCP_TEST_BIG_CHARS)),
  );
  server.registerTool(
    'delete_everything',
    {
      description: 'Deletes everything (in this test server, nothing).',
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
    async () => answered(record('delete_everything', {}), 'Deleted nothing: this is a test server.'),
  );
  return server;
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** Starts the test MCP server (official @modelcontextprotocol/sdk) on a local port. */
export async function startMcpTestServer(options: McpTestServerOptions = {}): Promise<McpTestServer> {
  const calls: McpTestCall[] = [];
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const sseSessions = new Map<string, SSEServerTransport>();
  let requests = 0;

  async function streamable(req: IncomingMessage, res: ServerResponse) {
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (req.method === 'POST') {
      const body = await jsonBody(req);
      if (existing) return existing.handleRequest(req, res, body);
      if (!isInitializeRequest(body)) return answer(res, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'No session' }, id: null });
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, transport);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await toolServer(calls, 'http').connect(transport);
      return transport.handleRequest(req, res, body);
    }
    if (!existing) return answer(res, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'No session' }, id: null });
    return existing.handleRequest(req, res);
  }

  async function legacySse(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (url.pathname === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      sseSessions.set(transport.sessionId, transport);
      res.on('close', () => {
        sseSessions.delete(transport.sessionId);
        void transport.close();
      });
      await toolServer(calls, 'sse').connect(transport);
      return;
    }
    if (url.pathname === '/sse') return answer(res, 405, { error: 'Method not allowed' }, { allow: 'GET' });
    const transport = sseSessions.get(url.searchParams.get('sessionId') ?? '');
    if (req.method !== 'POST' || !transport) return answer(res, 404, { error: 'No such session' });
    return transport.handlePostMessage(req, res, await jsonBody(req));
  }

  const http = createServer((req, res) => {
    requests++;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`)
      return answer(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
    const handled =
      url.pathname === '/mcp'
        ? streamable(req, res)
        : url.pathname === '/sse' || url.pathname === '/messages'
          ? legacySse(req, res, url)
          : Promise.resolve(answer(res, 404, { error: 'Not found' }));
    handled.catch((error: unknown) => {
      if (!res.headersSent) answer(res, 500, { error: String(error) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url: `${origin}/mcp`,
    sseUrl: `${origin}/sse`,
    calls,
    openSessions: () => sessions.size + sseSessions.size,
    requestCount: () => requests,
    async close() {
      await Promise.all([...sessions.values(), ...sseSessions.values()].map((t) => t.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
