// Types for comments.test.ts.
export const DOCUMENTS: Record<string, string>;
export function namesASection(section: string, headings: string[]): boolean;
export function citationProblems(text: string, headings?: (document: string) => string[] | null): string[];
export function pathProblems(text: string, fileRel: string, exists: (rel: string) => boolean): string[];
declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
