import { spawn } from 'node:child_process';
import net from 'node:net';

/**
 * Node 20's event loop accepts one connection per turn on a listening socket (libuv 1.46 calls
 * accept once per readiness event). Under load a turn takes tens of milliseconds, so a burst of new
 * connections waits in the kernel's queue for seconds, and a chat refused as busy is answered only
 * once its turn to be accepted comes. Node 22 answers this with `reusePort`; here the same listening
 * socket is opened `count` times (copies of its descriptor, made by a short-lived helper process
 * that hands them back over IPC), and each copy accepts one connection a turn. Every connection goes
 * to the one HTTP server, so its limits, timeouts and drain apply as before.
 *
 * Resolves to a function that stops the extra copies accepting (call it when the server closes).
 * Without a descriptor to copy (Windows), or when the helper fails, the server keeps its one socket
 * and `onFallback` says why; it also hears of a copy that fails later.
 */
export async function addAcceptHandles(server: net.Server, count: number, onFallback: (reason: string) => void): Promise<() => void> {
  const extra = count - 1;
  if (extra <= 0) return () => {};
  const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) {
    onFallback('accepting on one socket: the listening socket has no descriptor to copy on this platform');
    return () => {};
  }
  // The helper receives the socket as its descriptor 4 and sends it back `extra` times, each a new
  // descriptor in this process. It never listens or accepts on it, and ends when the channel closes.
  const helper = `
    const net = require('node:net');
    const socket = new net.Socket({ fd: 4, readable: false, writable: false });
    process.on('message', () => {}); // keeps the channel (and this process) open until the server closes it
    for (let i = 0; i < ${extra}; i++) process.send('listening-socket', socket._handle, { keepOpen: true });`;
  const child = spawn(process.execPath, ['-e', helper], { stdio: ['ignore', 'ignore', 'inherit', 'ipc', fd] });
  const copies: net.Server[] = [];
  const forward = (socket: net.Socket) => server.emit('connection', socket);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the helper did not answer within 5 s')), 5_000);
      child.once('error', reject);
      // The channel closes after the last message it carried has been read.
      child.once('disconnect', () => {
        if (copies.length < extra) reject(new Error(`the helper stopped after ${copies.length} of ${extra} copies`));
      });
      child.on('message', (_message, handle) => {
        const copy = net.createServer(forward);
        copy.on('error', (error) => onFallback(`a copy of the listening socket failed (the others go on): ${error.message}`));
        copy.listen(handle);
        copies.push(copy);
        if (copies.length === extra) {
          clearTimeout(timer);
          // Closing the channel ends the helper (Node sends one descriptor at a time, each once the last is taken).
          child.disconnect();
          resolve();
        }
      });
    });
  } catch (error) {
    for (const copy of copies) copy.close();
    child.kill();
    onFallback(`accepting on one socket: ${error instanceof Error ? error.message : String(error)}`);
    return () => {};
  }
  return () => {
    for (const copy of copies) copy.close();
  };
}
