import { connect } from 'node:net';

/**
 * Redis MONITOR over a plain socket. ioredis's own `monitor()` can fail with "Command queue state error" when
 * another client's command is echoed in the same packet as MONITOR's +OK (redis/ioredis#1981), so tests and
 * benches read the feed themselves: each line is `+<time> [<db> <client>] "<command>" "<arg>" ...`.
 */
export async function redisMonitor(url: string, onCommand: (args: string[]) => void): Promise<{ close: () => void }> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
  let buffered = '';
  let ready!: () => void;
  let failed!: (e: Error) => void;
  const started = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  socket.setEncoding('utf8');
  socket.on('error', (e) => failed(e));
  socket.on('connect', () => socket.write('MONITOR\r\n'));
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (line === '+OK') ready();
      else if (line.startsWith('-')) failed(new Error(line.slice(1)));
      else if (line.startsWith('+')) onCommand(monitorArgs(line));
    }
  });
  await started;
  return { close: () => socket.destroy() };
}

/** The quoted arguments of one MONITOR line, with Redis's escapes (\" \\ \n \r \t \xHH) undone. */
export function monitorArgs(line: string): string[] {
  const rest = line.slice(line.indexOf(']') + 1);
  return [...rest.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => unquote(m[1] as string));
}

function unquote(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]{2}|.)/g, (_, e: string) => {
    if (e.startsWith('x') && e.length === 3) return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b' } as Record<string, string>)[e] ?? e;
  });
}
