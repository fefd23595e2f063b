#!/usr/bin/env node
// Development: the API server with reload (tsx watch, port 3000) and the Vite dev server
// (http://localhost:5173/prod/, proxying /api to the server), with prefixed output. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const processes = [
  { name: 'server', color: 36, command: bin('tsx'), args: ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], cwd: root },
  { name: 'web', color: 35, command: bin('vite'), args: ['--strictPort'], cwd: path.join(root, 'apps/web') },
];

let stopping = false;
const children = processes.map(({ name, color, command, args, cwd }) => {
  const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  const forward = (stream, target) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) target.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => rest && target.write(`${prefix}${rest}\n`));
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${prefix}exited (${signal ?? code}); stopping the other process\n`);
      stop(code ?? 1);
    }
  });
  return child;
});

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  let pending = children.filter((c) => c.exitCode === null && c.signalCode === null);
  if (pending.length === 0) process.exit(code);
  for (const child of pending) {
    child.once('exit', () => {
      pending = pending.filter((c) => c !== child);
      if (pending.length === 0) process.exit(code);
    });
    child.kill('SIGTERM');
  }
  setTimeout(() => {
    for (const child of pending) child.kill('SIGKILL');
    process.exit(code);
  }, 5000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
