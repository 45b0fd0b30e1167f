// `npm run test:server:pg`: the server tests against a real PostgreSQL (the local one by default; set
// TEST_DATABASE_URL to an admin connection for another). Each test app gets a database of its own.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres',
};
console.log(`server tests on PostgreSQL: ${env.TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}`);
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'server', ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
