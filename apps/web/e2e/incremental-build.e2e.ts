import { execFile } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// What `npm start` does before it serves, on the server part only: the other journeys run beside this one against the
// built web app, which must not be rebuilt under them. Both parts go through the same code in scripts/build.mjs.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const build = () => promisify(execFile)(process.execPath, ['scripts/build.mjs', 'server'], { cwd: ROOT });
const mtime = (rel: string) => statSync(path.join(ROOT, rel)).mtimeMs;

describe('npm start builds only what changed', () => {
  it('builds nothing when nothing changed since the last build', async () => {
    await build();
    const before = mtime('apps/server/dist/main.js');
    const again = await build();
    expect(again.stdout).toContain('The server is unchanged since its last build.');
    expect(again.stdout).not.toContain('web app');
    expect(mtime('apps/server/dist/main.js')).toBe(before);
  });

  it('builds the part again when its inputs differ from its last build', async () => {
    await build();
    const record = path.join(ROOT, 'node_modules/.cache/ensemble-build/server.sha256');
    const built = readFileSync(record, 'utf8');
    // As if a server source had changed since: the recorded hash no longer matches.
    writeFileSync(record, 'a hash of other sources');
    const server = mtime('apps/server/dist/main.js');
    const again = await build();
    expect(again.stdout).toMatch(/Built the server and the shared package to JavaScript/);
    expect(mtime('apps/server/dist/main.js')).toBeGreaterThan(server);
    expect(readFileSync(record, 'utf8')).toBe(built);
  });
});
