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

import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { GENERATED_HEADER } from '../src/shared/generated-module.js';
import { PRECOMPILED_FILE } from '../src/spec/validate.js';
import { META_PRECOMPILED_FILE } from '../src/conformance/tool-schemas.js';

const dist = join(import.meta.dirname, '..');
const root = join(dist, '..');
const out = join(dist, 'cli');

/**
 * The precompiled validators are ES modules that load ajv's runtime helpers through createRequire, so
 * that they run as built (dist/src, the tests); in the bundle those require() calls are made plain, so
 * that esbuild takes the helpers into the bundle like every other dependency.
 */
const plainRequire: Plugin = {
  name: 'generated-validators',
  setup(build) {
    build.onLoad({ filter: /\.generated\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(GENERATED_HEADER, ''),
      loader: 'js',
    }));
  },
};

rmSync(out, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: root,
  metafile: true,
  entryPoints: {
    mcpgate: join(dist, 'src/cli/main.js'),
    // Imported by a URL relative to the module that uses them (they exist only after the build), so
    // they are entries of their own and sit beside the chunks as beside that module.
    [PRECOMPILED_FILE.replace(/\.js$/, '')]: join(dist, 'src/spec', PRECOMPILED_FILE),
    [META_PRECOMPILED_FILE.replace(/\.js$/, '')]: join(dist, 'src/conformance', META_PRECOMPILED_FILE),
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Every chunk beside the entries, so a path the sources take relative to their own module is the same from every chunk.
  chunkNames: '[name]-[hash]',
  // Dependencies written as CommonJS call require() for Node's own modules; an ES module has none.
  banner: { js: "import { createRequire as __mcpgateRequire } from 'node:module';\nconst require = __mcpgateRequire(import.meta.url);" },
  plugins: [plainRequire],
  logLevel: 'warning',
  // Names kept: an internal error's stack (MCPGATE_DEBUG=1) must still say where it came from.
  minify: false,
});

// Self-contained: the installed package has no dependencies, so nothing may be left to load from
// node_modules at run time. Node's own modules are the only imports esbuild may leave outside.
for (const [file, output] of Object.entries(metafile.outputs)) {
  for (const { path, external } of output.imports) {
    if (external && !isBuiltin(path)) throw new Error(`${file} still imports "${path}" at run time: the bundle must hold every dependency`);
  }
}

// The licenses of everything bundled, shipped beside it: the package installs none of it separately.
writeFileSync(join(out, 'THIRD-PARTY-LICENSES.md'), thirdPartyLicenses(Object.keys(metafile.inputs)));

// Bundle file -> the modules in it, by paths from the repository root (dist/src/..., node_modules/...),
// so what a run loads can still be told module by module. Outside dist/cli: it is not part of the bin.
const map = Object.fromEntries(
  Object.entries(metafile.outputs).map(([file, output]) => [relative(out, join(root, file)), Object.keys(output.inputs).sort()]),
);
// test/e2e/cli/startup-modules.test.ts reads it.
writeFileSync(join(dist, 'bundle-map.json'), `${JSON.stringify(map)}\n`);
// The bin: npm marks it executable on install, a clone's build does it here.
chmodSync(join(out, 'mcpgate.js'), 0o755);

/** The package folder (node_modules/name or node_modules/@scope/name) each bundled input comes from. */
function packagesOf(inputs: string[]): string[] {
  const dirs = new Set<string>();
  for (const input of inputs) {
    const match = /^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) dirs.add(input.slice(0, match.index + match[0].length - 1));
  }
  return [...dirs].sort();
}

function thirdPartyLicenses(inputs: string[]): string {
  const packages = packagesOf(inputs).map((dir) => {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const texts = readdirSync(join(root, dir))
      .filter((name) => /^(?:licen[cs]e|copying|notice)(?:[.-].*)?$/i.test(name))
      .sort()
      .map((name) => readFileSync(join(root, dir, name), 'utf8').trim());
    if (pkg.license === undefined && texts.length === 0) throw new Error(`${pkg.name} is bundled and states no license`);
    return { ...pkg, texts };
  });
  // A package that ships no license text: its license's full text is in another package's section.
  const fullText = (license: string | undefined) =>
    packages.find((other) => other.license === license && other.texts.some((text) => text.length > 2_000));
  const sections = packages.map(({ name, version, license, texts }) => {
    const elsewhere = texts.length === 0 ? fullText(license) : undefined;
    const where = elsewhere ? ` (no license file in the package; the license's text is under ${elsewhere.name})` : '';
    return [
      `## ${name} ${version}`,
      '',
      `License: ${license ?? 'see the text below'}${where}`,
      ...texts.map((text) => `\n\`\`\`\`text\n${text}\n\`\`\`\``),
    ].join('\n');
  });
  return `# Third-party software in mcpgate's bundle (dist/cli)\n\nmcpgate's \`mcpgate\` command is one bundle that includes the packages below, each under its own license.\n\n${sections.join('\n\n')}\n`;
}
