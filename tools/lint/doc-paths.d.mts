// Types for doc-paths.test.ts.
export function guideFiles(base?: string): string[];
export function namedPaths(markdown: string, file: string): string[];
export function missingPaths(base?: string): { file: string; named: string }[];
