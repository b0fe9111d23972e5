// A local ESLint rule: import zones by resolved path (bulletproof-react's feature boundaries).
// Options: { zones: [{ target, from, except?, message }] } with paths relative to the repository root.
import path from 'node:path';

const root = process.cwd();
const inside = (file, dir) => {
  const rel = path.relative(path.resolve(root, dir), file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

export const restrictedPaths = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
    messages: { restricted: '{{message}}' },
  },
  create(context) {
    const zones = context.options[0]?.zones ?? [];
    const filename = context.filename;
    const active = zones.filter((zone) => [zone.target].flat().some((t) => inside(filename, t)));
    if (active.length === 0) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(filename), source);
      for (const zone of active) {
        const fromDirs = [zone.from].flat();
        if (!fromDirs.some((f) => inside(resolved, f))) continue;
        const excepted = (zone.except ?? []).some((e) =>
          fromDirs.some((f) => inside(resolved, path.join(f, e))),
        );
        if (!excepted) context.report({ node, messageId: 'restricted', data: { message: zone.message } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
