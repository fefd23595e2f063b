import { parseSync, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { moduleGraph } from '../../build/used-modules';

/** A module graph as Rolldown describes it once built: each module's transformed code and its resolved imports. */
function graphOf(modules: Record<string, { code: string; imports?: string[]; exports?: string[]; cjs?: boolean }>) {
  const ctx = {
    getModuleInfo: (id: string) => {
      const m = modules[id];
      if (!m) return null;
      return { id, code: m.code, importedIds: m.imports ?? [], exports: m.exports ?? [], inputFormat: m.cjs ? 'cjs' : 'es' };
    },
    parse: (code: string) => parseSync('module.js', code).program,
  } as unknown as Rolldown.PluginContext;
  return moduleGraph(ctx);
}

// How vite.config.ts sizes the first load's chunks (the shell, the chat route's, what the chat shares with others).
describe('the modules a route needs', () => {
  const icons = {
    'icons.js': {
      code: "'use strict';\nexport { default as Sun } from './sun.js';\nexport { default as Moon } from './moon.js';",
      imports: ['sun.js', 'moon.js'],
    },
    'sun.js': { code: 'export default "sun";' },
    'moon.js': { code: 'export default "moon";' },
  };

  it('follow a re-exporting index only to the modules whose exports are imported', () => {
    const graph = graphOf({
      ...icons,
      'route.js': { code: "import { Sun } from './icons.js';\nexport const A = Sun;", imports: ['icons.js'] },
    });
    expect([...graph.used(['route.js'])].sort()).toEqual(['icons.js', 'route.js', 'sun.js']);
  });

  it('follow `export *` to the module that has the name, and a namespace import to every export', () => {
    const graph = graphOf({
      ...icons,
      'shared.js': { code: "export * from './a.js';\nexport * from './b.js';", imports: ['a.js', 'b.js'] },
      'a.js': { code: 'export const A = 1;', exports: ['A'] },
      'b.js': { code: 'export const B = 2;', exports: ['B'] },
      'one.js': { code: "import { B } from './shared.js';\nconsole.log(B);", imports: ['shared.js'] },
      'all.js': { code: "import * as all from './icons.js';\nconsole.log(all);", imports: ['icons.js'] },
    });
    expect([...graph.used(['one.js'])].sort()).toEqual(['b.js', 'one.js', 'shared.js']);
    expect([...graph.used(['all.js'])].sort()).toEqual(['all.js', 'icons.js', 'moon.js', 'sun.js']);
  });

  it('follow everything a module imports when its code cannot be read for names (CommonJS)', () => {
    const graph = graphOf({ ...icons, 'lib.cjs': { code: 'module.exports = require("./icons.js");', imports: ['icons.js'], cjs: true } });
    expect([...graph.used(['lib.cjs'])].sort()).toEqual(['icons.js', 'lib.cjs', 'moon.js', 'sun.js']);
  });

  it('keep side-effect imports and the imports a plugin adds after the code (the preload helper)', () => {
    const graph = graphOf({
      'page.js': {
        code: "import './styles.css';\nexport const load = () => import('./later.js');",
        imports: ['styles.css', '\0vite/preload-helper.js'],
      },
      'styles.css': { code: '' },
      '\0vite/preload-helper.js': { code: 'export const __vitePreload = (f) => f();' },
      'later.js': { code: 'export const later = 1;' },
    });
    expect([...graph.used(['page.js'])].sort()).toEqual(['\0vite/preload-helper.js', 'page.js', 'styles.css']);
  });
});
