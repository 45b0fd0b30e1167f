// The TypeScript types openapi-typescript makes of an OpenAPI document. openapi-typescript drives the
// TypeScript 5 compiler API, which the project's native tsc 7 does not have: this package pins both
// (ADR 0050), so `typescript` here resolves to 5.x and the project's stays 7.
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const BLOB = ts.factory.createTypeReferenceNode('Blob');

/**
 * @param {Record<string, unknown>} document
 * @returns {Promise<string>}
 */
export async function typesOf(document) {
  const nodes = await openapiTS(document, {
    // Bytes (a multipart part, a download) are a Blob to fetch and FormData, not a string (openapi-typescript's docs).
    transform: (schema) => (schema.type === 'string' && 'contentMediaType' in schema ? BLOB : undefined),
  });
  return astToString(nodes);
}
