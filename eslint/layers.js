/**
 * The layer rule (issue #10): imports follow the arrows
 *
 *   core ← ai ← text ← store ← (scene, ui) ← demo ← app
 *
 * with cli beside them on core and ai; net (the online protocol) on core only, used by store,
 * server and bench; server on core, ai and net; bench on core, ai, net and server; the
 * tutorial's lessons (data and functions over core and text) used by ui, demo and app. Nothing
 * outside src/core imports a core file other than its public index (src/core/index.ts). It checks the project's
 * own relative imports in src/ and bench/ (tests may import what they test; scripts are tools).
 */
import path from 'node:path';

const BELOW_APP = ['core', 'ai', 'net', 'text', 'tutorial', 'store', 'scene', 'ui', 'demo'];

/**
 * The store's layer is four folders: the store itself (state, slices, selectors), its drivers
 * (subscribers that act on it from outside), the online client, and what the device keeps.
 */
const STORE_PARTS = { drivers: true, online: true, device: true };

/** What each layer may import (besides itself). */
const LAYERS = {
  core: [],
  ai: ['core'],
  net: ['core'],
  text: ['core', 'ai'],
  tutorial: ['core', 'ai', 'text'],
  store: ['core', 'ai', 'net', 'text'],
  scene: ['core', 'ai', 'text', 'store'],
  ui: ['core', 'ai', 'text', 'tutorial', 'store'],
  demo: ['core', 'ai', 'text', 'tutorial', 'store', 'scene', 'ui'],
  app: BELOW_APP,
  cli: ['core', 'ai'],
  server: ['core', 'ai', 'net'],
  bench: ['core', 'ai', 'net', 'server'],
};

/** The layer of a path relative to the project root, or null (tests, scripts, assets). */
function layerOf(rel) {
  const parts = rel.split(/[\\/]/);
  if (parts[0] === 'src' && parts.length >= 2 && parts[1] in STORE_PARTS) return 'store';
  if (parts[0] === 'src' && parts.length >= 2 && parts[1] in LAYERS) return parts[1];
  if (parts[0] === 'bench') return 'bench';
  return null;
}

const isCoreIndex = (rel) => /^src[\\/]core([\\/]index(\.ts)?)?$/.test(rel);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'imports follow the layers; outside the core, only its index' },
    messages: {
      layer:
        '{{from}} may not import {{to}} ({{source}}): the layers are core ← ai ← text ← store ← (scene, ui) ← demo ← app, with tutorial (over core and text) used by ui, demo and app; cli uses core and ai; net uses core; server uses core, ai and net; bench also server.',
      coreIndex:
        'Import the core through its public index (../core), not {{source}}: its other files are internal.',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = layerOf(path.relative(root, file));
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.type === 'Literal' ? node.source.value : null;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(file), source.split('?')[0]));
      const to = layerOf(target);
      if (!to || to === from) return;
      if (!LAYERS[from].includes(to))
        context.report({ node: node.source, messageId: 'layer', data: { from, to, source } });
      else if (to === 'core' && !isCoreIndex(target))
        context.report({ node: node.source, messageId: 'coreIndex', data: { source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
