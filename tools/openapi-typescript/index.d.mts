/** The TypeScript types openapi-typescript makes of an OpenAPI document (`paths`, `components`, `operations`). */
export function typesOf(document: Record<string, unknown>): Promise<string>;
