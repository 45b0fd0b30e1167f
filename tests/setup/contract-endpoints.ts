import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Endpoint } from '#shared/api/endpoint.ts';

/** Where the contracts live: the shell's and the lists' in api/, one screen's own in screens/ (ADR 0035). */
const CONTRACT_FOLDERS = ['../../src/shared/api/', '../../src/shared/screens/'];

/**
 * Every endpoint the contracts declare, read from the files themselves, so that a test walking them
 * all fails when a new endpoint appears rather than silently leaving it out.
 */
export async function contractEndpoints(): Promise<Endpoint[]> {
  const found: Endpoint[] = [];
  for (const folder of CONTRACT_FOLDERS) {
    const dir = fileURLToPath(new URL(folder, import.meta.url));
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      for (const value of Object.values((await import(`${dir}${file}`)) as Record<string, unknown>)) {
        if (value && typeof value === 'object' && 'method' in value && 'path' in value && 'output' in value) {
          found.push(value as Endpoint);
        }
      }
    }
  }
  return found;
}
