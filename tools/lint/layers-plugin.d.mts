export interface Place {
  side: 'shared' | 'sw' | 'client' | 'server' | 'tests' | 'other';
  layer?: string;
  feature?: string;
  dir?: string;
  /** services/<domain>/ of the server. */
  domain?: string;
}
export const repoRoot: string;
export function classify(rel: string): Place;
export function resolveSpecifier(importerRel: string, specifier: string): string | null;
/** null when the import is allowed, otherwise the reason. */
export function decide(importerRel: string, specifier: string): string | null;
export function isBarrel(body: ReadonlyArray<{ type: string; source?: unknown; declaration?: unknown }>): boolean;
declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
