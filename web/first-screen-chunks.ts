// How the build splits the code the first screens load (issue 19: each ≤ 150 KB compressed). Left to itself,
// the bundler makes a shared chunk for every combination of the ~30 lazily loaded screens that use a module, so
// the camera list opened by a link fetched some 75 files; each compresses on its own, and the many small ones
// repeat what a single file would compress once (~13 % more on the wire). Here the modules the first screens
// import statically go into a few chunks instead, by which of these screens need them:
// - `start`: what the entry needs, and what the login screen shares with the screens behind it (every visit
//   loads these first); `login`: what only the login screen needs;
// - `shell`: what the logged-in layout needs beyond that (every screen behind login loads it);
// - `list`, `detail`, `wall` and their combinations: what only the camera list, the camera detail page and
//   the list's multi-video wall need.
// Everything else (the other screens, and what a first screen loads on demand) is split as the bundler does.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The first screens' modules (their static imports come with them), by path under web/src. */
const roots = {
  start: ['main.tsx'],
  login: ['features/auth/components/LoginPage.tsx'],
  shell: ['app/layout/AppLayout.tsx'],
  list: ['features/cameras/components/CameraListPage.tsx'],
  detail: ['features/player/components/CameraDetailPage.tsx'],
  wall: ['app/layout/multi-wall-with-menu.tsx'],
  // Not a chunk: the code a first screen loads on first use (a dialog's Modal, the menus', popovers', tooltips'
  // and the search box's code; first-use.ts). What of it a screen needs too goes to `shell` (see below).
  onFirstUse: [
    'components/ui/dialog-modal.ts',
    'components/ui/menu-code.ts',
    'components/ui/popover-code.ts',
    'components/ui/tooltip-code.ts',
    'features/cameras/components/keyword-combobox.ts',
  ],
} as const;

type Root = keyof typeof roots;
const screens = ['list', 'detail', 'wall'] as const satisfies Root[];

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { code: string | null } | null;
  resolve(source: string, importer: string): Promise<{ id: string } | null>;
}

/** One static import or re-export of a module: what it names from where (`*`: the whole module). */
interface Binding {
  from: string;
  /** The names taken, as the other module exports them; `*` for all of them or for its side effects. */
  names: string[];
  /** For a re-export: the names this module exports them as (same order as `names`). */
  exportedAs?: string[];
}

const STATEMENT =
  /(?:^|[;\n])\s*(import|export)\s*(\*\s*as\s+[\w$]+|\*|[\w$]+\s*,\s*\{[^}]*\}|[\w$]+|\{[^}]*\})?\s*(?:from\s*)?(["'])([^"'\n]+)\3/g;

/** The static imports and re-exports in a module's (transformed, plain ES) code. */
function bindingsOf(code: string): Binding[] {
  const bindings: Binding[] = [];
  for (const [, keyword, clause = '', , from = ''] of code.matchAll(STATEMENT)) {
    const names: string[] = [];
    const exportedAs: string[] = [];
    const braces = /\{([^}]*)\}/.exec(clause)?.[1];
    if (clause === '' || clause.startsWith('*')) names.push('*');
    else {
      if (!clause.startsWith('{')) names.push('default');
      for (const part of (braces ?? '').split(',')) {
        const [name = '', alias] = part.trim().split(/\s+as\s+/);
        if (!name) continue;
        names.push(name);
        exportedAs.push(alias ?? name);
      }
    }
    bindings.push(keyword === 'export' ? { from, names, exportedAs } : { from, names });
  }
  return bindings;
}

/** A module that only gathers others' exports (a package's index): what each of its exports comes from. */
type Barrel = Map<string, { id: string; name: string }>;

function barrelOf(code: string, resolved: Map<string, string>): Barrel | null {
  const rest = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(STATEMENT, '')
    .replace(/export\s*\{[^}]*\}/g, '');
  if (rest.replace(/[;\s]/g, '') !== '') return null;
  const pairs = (list: string) =>
    list
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/))
      .filter(([name]) => name)
      .map(([name = '', alias]) => [name, alias ?? name] as const);
  const locals = new Map<string, { id: string; name: string }>();
  const barrel: Barrel = new Map();
  const imports =
    /import\s*([\w$]+)?\s*,?\s*(\*\s*as\s+[\w$]+)?\s*(?:\{([^}]*)\})?\s*from\s*["']([^"']+)["']/g;
  for (const [, defaultName, namespace, list = '', from = ''] of code.matchAll(imports)) {
    const id = resolved.get(from);
    if (!id) return null;
    if (namespace) locals.set(namespace.replace(/^\*\s*as\s+/, ''), { id, name: '*' });
    if (defaultName) locals.set(defaultName, { id, name: 'default' });
    for (const [name, local] of pairs(list)) locals.set(local, { id, name });
  }
  for (const [, list = '', from] of code.matchAll(
    /export\s*(\*|\{[^}]*\})\s*(?:from\s*["']([^"']+)["'])?/g,
  )) {
    if (list === '*') return null;
    const id = from === undefined ? undefined : resolved.get(from);
    if (from !== undefined && !id) return null;
    for (const [name, exported] of pairs(list.slice(1, -1))) {
      const target = id ? { id, name } : locals.get(name);
      if (!target) return null;
      barrel.set(exported, target);
    }
  }
  return barrel;
}

/**
 * Every module that `from` needs, directly or through others (itself included). An import from a package's
 * index counts only the modules its names come from (as the bundler's tree-shaking keeps), not the whole
 * package.
 */
async function staticClosure(graph: ModuleGraph, from: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const code = graph.getModuleInfo(id)?.code;
    if (!code) continue;
    for (const binding of bindingsOf(code)) {
      const target = await resolveCached(graph, binding.from, id);
      if (!target) continue;
      const barrel = await barrelCached(graph, target);
      if (!barrel || binding.names.includes('*')) {
        queue.push(...(barrel ? [...new Set([...barrel.values()].map((b) => b.id))] : [target]));
        continue;
      }
      for (const name of binding.names) queue.push(...(await throughBarrels(graph, target, name)));
    }
  }
  return seen;
}

const resolutions = new Map<string, string | null>();
async function resolveCached(graph: ModuleGraph, source: string, importer: string) {
  const key = `${importer}\0${source}`;
  if (!resolutions.has(key)) resolutions.set(key, (await graph.resolve(source, importer))?.id ?? null);
  return resolutions.get(key) ?? null;
}

const barrels = new Map<string, Barrel | null>();
async function barrelCached(graph: ModuleGraph, id: string): Promise<Barrel | null> {
  if (!barrels.has(id)) {
    const code = graph.getModuleInfo(id)?.code;
    let barrel: Barrel | null = null;
    if (code && /node_modules/.test(id)) {
      const resolved = new Map<string, string>();
      for (const binding of bindingsOf(code)) {
        const target = await resolveCached(graph, binding.from, id);
        if (target) resolved.set(binding.from, target);
      }
      barrel = barrelOf(code, resolved);
    }
    barrels.set(id, barrel);
  }
  return barrels.get(id) ?? null;
}

/** The module(s) an export of a barrel comes from, following barrels that gather barrels. */
async function throughBarrels(graph: ModuleGraph, id: string, name: string): Promise<string[]> {
  const barrel = await barrelCached(graph, id);
  if (!barrel) return [id];
  if (name === '*') return [...new Set([...barrel.values()].map((b) => b.id))];
  const source = barrel.get(name);
  if (!source) return [...new Set([...barrel.values()].map((b) => b.id))]; // unknown name: all of it
  return throughBarrels(graph, source.id, source.name);
}

/**
 * The chunk name of each first-screen module: `start` or `shell` when those need it, else the screens that do
 * (`list`, `list-detail`, …). Filled when the module graph is complete, read when the chunks are made.
 */
const chunkOf = new Map<string, string>();

export function firstScreenChunks(): {
  plugin: Plugin;
  groups: { name: string; priority: number; test: (id: string) => boolean }[];
} {
  const mergeRefs = fileURLToPath(new URL('./src/lib/use-merge-refs.ts', import.meta.url));
  const plugin: Plugin = {
    name: 'camwatch-first-screen-chunks',
    apply: 'build',
    enforce: 'pre', // resolveId before Vite's own resolution
    // Mantine's ScrollArea takes only useMergeRefs from Floating UI, whose module is one file: it gets the same
    // helper from src/lib/use-merge-refs.ts, so a dialog's scroll area does not bring all of Floating UI.
    resolveId(source, importer) {
      if (
        source === '@floating-ui/react' &&
        importer &&
        /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)
      )
        return mergeRefs;
      return null;
    },
    async buildEnd() {
      chunkOf.clear();
      const ids = [...this.getModuleIds()];
      const idOf = (file: string) => {
        const id = ids.find((m) => m.replaceAll('\\', '/').endsWith(`/web/src/${file}`));
        if (!id) throw new Error(`first-screen-chunks: ${file} is not in the build`);
        return id;
      };
      const closures = {} as Record<Root, Set<string>>;
      for (const root of Object.keys(roots) as Root[])
        closures[root] = await staticClosure(this, roots[root].map(idOf));
      const behindLogin = (id: string) =>
        closures.shell.has(id) || screens.some((screen) => closures[screen].has(id));
      for (const id of ids) {
        if (closures.start.has(id)) chunkOf.set(id, 'start');
        else if (closures.login.has(id)) chunkOf.set(id, behindLogin(id) ? 'start' : 'login');
        else if (closures.shell.has(id)) chunkOf.set(id, 'shell');
        // Needed by a screen and by code loaded on first use (the Modal's focus trap uses the VisuallyHidden the
        // detail page shows): in the screen's chunk it would make that code, loaded on another screen (the first
        // visit's push offer on the list), fetch the whole screen's chunk. These are small shared parts.
        else if (closures.onFirstUse.has(id) && behindLogin(id)) chunkOf.set(id, 'shell');
        else {
          const users = screens.filter((screen) => closures[screen].has(id));
          if (users.length > 0) chunkOf.set(id, users.join('-'));
        }
      }
    },
  };
  // A module's static imports are needed by the same screens or more, so the groups needed by more screens
  // come first (a higher priority); each group then finds its modules' imports already placed.
  const names = [
    ['start', 50],
    ['login', 45],
    ['shell', 40],
    ['list-detail-wall', 30],
    ['list-detail', 20],
    ['list-wall', 20],
    ['detail-wall', 20],
    ['list', 10],
    ['detail', 10],
    ['wall', 10],
  ] as const;
  const groups = names.map(([name, priority]) => ({
    name,
    priority,
    test: (id: string) => chunkOf.get(id) === name,
  }));
  return { plugin, groups };
}
