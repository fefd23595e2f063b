import { execFile } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Runs after `npm run build` (as `npm test` orders it): what `npm start` does before it serves.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const build = () => promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: ROOT });
const mtime = (rel: string) => statSync(path.join(ROOT, rel)).mtimeMs;

describe('npm start builds only what changed', () => {
  it('builds nothing when nothing changed since the last build', async () => {
    await build();
    const before = { web: mtime('apps/web/dist/index.html'), server: mtime('apps/server/dist/main.js') };
    const again = await build();
    expect(again.stdout).toContain('The web app is unchanged since its last build.');
    expect(again.stdout).toContain('The server is unchanged since its last build.');
    expect(mtime('apps/web/dist/index.html')).toBe(before.web);
    expect(mtime('apps/server/dist/main.js')).toBe(before.server);
  });

  it('builds again the part whose inputs differ from its last build, and only that part', async () => {
    await build();
    const record = path.join(ROOT, 'node_modules/.cache/ensemble-build/server.sha256');
    const built = readFileSync(record, 'utf8');
    // As if a server source had changed since: the recorded hash no longer matches.
    writeFileSync(record, 'a hash of other sources');
    const web = mtime('apps/web/dist/index.html');
    const server = mtime('apps/server/dist/main.js');
    const again = await build();
    expect(again.stdout).toContain('The web app is unchanged since its last build.');
    expect(again.stdout).toMatch(/Built the server and the shared package to JavaScript/);
    expect(mtime('apps/server/dist/main.js')).toBeGreaterThan(server);
    expect(mtime('apps/web/dist/index.html')).toBe(web);
    expect(readFileSync(record, 'utf8')).toBe(built);
  });
});
