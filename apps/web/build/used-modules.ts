import type { Rolldown } from 'vite';

/** Names asked of a module: some of its exports, or all of them (a namespace import, a route loaded lazily). */
type Wanted = ReadonlySet<string> | 'all';
/** Where an export of a module comes from: its own code, or another module's export (`'*'`: that module's namespace). */
type Origin = { local: true } | { local: false; id: string; name: string };

interface ModuleShape {
  /** Whether the module runs code of its own (declarations, statements), not only imports and re-exports. */
  ownCode: boolean;
  /** The modules its own code imports, with the names it imports from each. */
  imports: Map<string, Set<string> | 'all'>;
  /** Modules imported for their side effects alone, and imports the parse could not attribute: always followed. */
  always: string[];
  exports: Map<string, Origin>;
  /** `export * from` targets. */
  stars: string[];
}

type Node = { type: string; [key: string]: unknown };
const nameOf = (node: unknown) => {
  const n = node as { type: string; name?: string; value?: unknown };
  return n.type === 'Identifier' ? (n.name as string) : String(n.value);
};

/** The names an exported declaration declares (`export const a = 1, b = 2`, `export function f`, `export class C`). */
function declaredNames(declaration: Node | null): string[] {
  if (!declaration) return [];
  if (declaration.type === 'VariableDeclaration')
    return (declaration.declarations as { id: Node }[]).flatMap(({ id }) => (id.type === 'Identifier' ? [nameOf(id)] : []));
  const id = declaration.id as Node | null | undefined;
  return id ? [nameOf(id)] : [];
}

/**
 * A module's imports and exports, read from its transformed code and matched to `importedIds` (which Rolldown lists
 * in the order the code names them). A module that cannot be read this way (CommonJS, a count that does not match)
 * counts as using everything it imports, as a plain module-graph walk would.
 */
function shapeOf(ctx: Rolldown.PluginContext, id: string): ModuleShape {
  const info = ctx.getModuleInfo(id);
  const importedIds = info?.importedIds ?? [];
  const opaque: ModuleShape = { ownCode: true, imports: new Map(), always: [...importedIds], exports: new Map(), stars: [] };
  if (!info?.code || info.inputFormat === 'cjs') return opaque;
  let body: Node[];
  try {
    body = (ctx.parse(info.code, { lang: 'js', sourceType: 'module' }) as unknown as { body: Node[] }).body;
  } catch {
    return opaque;
  }
  const sources: string[] = [];
  for (const node of body) {
    const source = (node.source as { value?: string } | null | undefined)?.value;
    if (source !== undefined && !sources.includes(source)) sources.push(source);
  }
  // Imports a plugin adds after the code (Vite's preload helper, for a module with dynamic imports) come last: virtual
  // modules, always followed.
  const added = importedIds.slice(sources.length);
  if (sources.length > importedIds.length || added.some((dep) => !dep.startsWith('\0'))) return opaque;
  const idOf = (node: Node) => importedIds[sources.indexOf((node.source as { value: string }).value)] as string;

  const shape: ModuleShape = { ownCode: false, imports: new Map(), always: added, exports: new Map(), stars: [] };
  const bindings = new Map<string, { id: string; name: string }>();
  const ask = (target: string, name: string) => {
    const had = shape.imports.get(target);
    if (had === 'all') return;
    if (name === '*') shape.imports.set(target, 'all');
    else shape.imports.set(target, new Set(had ?? []).add(name));
  };
  for (const node of body) {
    if (node.type === 'ImportDeclaration') {
      const target = idOf(node);
      const specifiers = node.specifiers as Node[];
      if (!specifiers.length) shape.always.push(target);
      for (const s of specifiers) {
        const name = s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(s.imported);
        bindings.set(nameOf(s.local), { id: target, name });
      }
    } else if (node.type === 'ExportAllDeclaration') {
      if (node.exported) shape.exports.set(nameOf(node.exported), { local: false, id: idOf(node), name: '*' });
      else shape.stars.push(idOf(node));
    } else if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
      for (const s of node.specifiers as Node[]) {
        const local = nameOf(s.local);
        const exported = nameOf(s.exported);
        if (node.source) shape.exports.set(exported, { local: false, id: idOf(node), name: local });
        else
          shape.exports.set(
            exported,
            bindings.has(local) ? { local: false, ...(bindings.get(local) as { id: string; name: string }) } : { local: true },
          );
      }
    } else if (!(node.type === 'ExpressionStatement' && node.directive)) {
      shape.ownCode = true;
      if (node.type === 'ExportDefaultDeclaration') shape.exports.set('default', { local: true });
      for (const name of declaredNames(node.type === 'ExportNamedDeclaration' ? (node.declaration as Node) : null))
        shape.exports.set(name, { local: true });
    }
  }
  // Own code may use any of the module's imports; a pure re-export module uses none of them by itself.
  if (shape.ownCode) for (const { id: target, name } of bindings.values()) ask(target, name);
  return shape;
}

/**
 * A reader of the module graph, for one build: `used(from)` gives the modules that `from` need, following each import
 * only for the names it imports, so that a re-exporting index (lucide-react's, @ensemble/shared's, a feature's
 * index.ts) brings in the modules whose exports are used, not every module it re-exports. Dynamic imports are not
 * followed; `from` are taken whole (all their exports). Each module is read once however many times it is asked.
 */
export function moduleGraph(ctx: Rolldown.PluginContext): { used(from: string[]): Set<string> } {
  const shapes = new Map<string, ModuleShape>();
  const shape = (id: string) => {
    let s = shapes.get(id);
    if (!s) {
      s = shapeOf(ctx, id);
      shapes.set(id, s);
    }
    return s;
  };
  return { used: (from) => usedModules(ctx, shape, from) };
}

function usedModules(ctx: Rolldown.PluginContext, shape: (id: string) => ModuleShape, from: string[]): Set<string> {
  const seen = new Set<string>();
  const asked = new Map<string, Set<string> | 'all'>();
  const todo: [string, Wanted][] = from.map((id) => [id, 'all']);
  while (todo.length) {
    const [id, wanted] = todo.pop() as [string, Wanted];
    const s = shape(id);
    if (!seen.has(id)) {
      seen.add(id);
      for (const target of s.always) todo.push([target, 'all']);
      for (const [target, names] of s.imports) todo.push([target, names]);
    }
    // Only names not asked of this module before.
    const before = asked.get(id);
    if (before === 'all') continue;
    const names = wanted === 'all' ? 'all' : [...wanted].filter((n) => !before?.has(n));
    if (names === 'all') asked.set(id, 'all');
    else if (!names.length) continue;
    else asked.set(id, new Set([...(before ?? []), ...names]));

    const follow = (origin: Origin | undefined) => {
      if (origin && !origin.local) todo.push([origin.id, origin.name === '*' ? 'all' : new Set([origin.name])]);
    };
    if (names === 'all') {
      for (const origin of s.exports.values()) follow(origin);
      for (const star of s.stars) todo.push([star, 'all']);
      continue;
    }
    for (const name of names) {
      const origin = s.exports.get(name);
      if (origin) follow(origin);
      else
        for (const star of s.stars) {
          const known = ctx.getModuleInfo(star)?.exports;
          if (!known || known.includes(name)) todo.push([star, new Set([name])]);
        }
    }
  }
  return seen;
}
