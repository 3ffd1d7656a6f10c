/**
 * Build step (run by `npm run build` after tsc and the validators): bundles the CLI, dependencies
 * included, into dist/cli/, the `mcpgate` bin. A `check` loads a few dozen chunk files instead of
 * about a thousand modules, and Node's module loader was a third of a short run's time
 * (`npm run bench` prints the figures). The commands stay lazily loaded: every dynamic import in the
 * sources is a split point, so `mcpgate --version` still loads only commander.
 *
 *   node dist/scripts/bundle.js
 *
 * dist/src/cli/main.js, the unbundled build, runs the same code and stays for tests that import modules.
 */

import { chmodSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { build } from 'esbuild';
import { PRECOMPILED_FILE } from '../src/spec/validate.js';
import { META_PRECOMPILED_FILE } from '../src/conformance/tool-schemas.js';

const dist = join(import.meta.dirname, '..');
const root = join(dist, '..');
const out = join(dist, 'cli');

rmSync(out, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: root,
  metafile: true,
  entryPoints: { mcpgate: join(dist, 'src/cli/main.js') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Every chunk beside the entry, so a path the sources take relative to their own module
  // (the precompiled validators below) is the same from every chunk.
  chunkNames: '[name]-[hash]',
  // Dependencies written as CommonJS call require() for Node's own modules; an ES module has none.
  banner: { js: "import { createRequire as __mcpgateRequire } from 'node:module';\nconst require = __mcpgateRequire(import.meta.url);" },
  logLevel: 'warning',
  // Names kept: an internal error's stack (MCPGATE_DEBUG=1) must still say where it came from.
  minify: false,
});
// The precompiled validators are imported by a URL relative to the module that uses them, on purpose
// outside the bundle (they exist only after the build); they sit beside the chunks as beside the module.
const generated = [join('src/spec', PRECOMPILED_FILE), join('src/conformance', META_PRECOMPILED_FILE)];
for (const file of generated) copyFileSync(join(dist, file), join(out, basename(file)));
// Bundle file -> the modules in it, by paths from the repository root (dist/src/..., node_modules/...),
// so what a run loads can still be told module by module. Outside dist/cli: it is not part of the bin.
const map = Object.fromEntries(
  Object.entries(metafile.outputs).map(([file, output]) => [relative(out, join(root, file)), Object.keys(output.inputs).sort()]),
);
// test/e2e/cli/startup-modules.test.ts reads it.
writeFileSync(join(dist, 'bundle-map.json'), `${JSON.stringify(map)}\n`);
// The bin: npm marks it executable on install, a clone's build does it here.
chmodSync(join(out, 'mcpgate.js'), 0o755);
