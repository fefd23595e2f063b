import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

// Kept without an import: its model-id union is the source the catalogue's Replicate rows are checked against.
const READ_NOT_IMPORTED = new Set(['@ai-sdk/replicate']);

/** Every .ts/.mjs file under a directory. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.(ts|mjs)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe('apps/server/package.json', () => {
  it('declares only dependencies the server imports (an unused one is a supply-chain risk for nothing)', () => {
    const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const code = [...sources(path.join(SERVER_DIR, 'src')), ...sources(path.join(SERVER_DIR, 'scripts'))]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(pkg.dependencies).filter(
      (name) => !READ_NOT_IMPORTED.has(name) && !new RegExp(`(from|import\\(|require\\()\\s*'${name}(/[^']*)?'`).test(code),
    );
    expect(unused).toEqual([]);
  });
});
