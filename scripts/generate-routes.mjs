// Writes src/client/route-tree.gen.ts (gitignored) from src/client/routes, so that `tsc` and vitest work from
// a clean clone. `vite build` and `vite` do the same through @tanstack/router-plugin; both read tsr.config.json.
// Usage: node scripts/generate-routes.mjs
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig({ disableLogging: true }, root);
await new Generator({ config, root }).run();
