/**
 * The first lines of each ES module the build generates from ajv's standalone code
 * (src/spec/validators-build.ts, src/conformance/meta-schemas-build.ts): ajv writes its runtime helpers
 * and formats as `require(...)`, which an ES module does not have. The bundle step (scripts/bundle.ts)
 * takes these lines off again, so that esbuild bundles what the require() calls name.
 */
export const GENERATED_HEADER = "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n";
