// How the server tests read a JSON answer: as the shape they assert on. Under Node's types
// Response.json() gives `unknown` (the DOM's gave `any`): a test reads a success by its endpoint's
// contract, checked as the client checks it, a failure as the failure envelope, and anything else
// as the shape it names, which its assertions then check.
import * as v from 'valibot';
import type { Endpoint, EndpointOutput, ErrorResponse } from '#shared/api/endpoint.ts';

/** A success answer parsed by its endpoint's output schema (it fails the test if the answer breaks the contract). */
export async function answerOf<E extends Endpoint>(endpoint: E, response: Response): Promise<EndpointOutput<E>> {
  return v.parse(endpoint.output, await response.json()) as EndpointOutput<E>;
}

/** A failure answer (errorResponse in src/shared/api/endpoint.ts) as the tests read it: its message and each field's messages. */
export type ErrorBody<Details = unknown> = Omit<ErrorResponse, 'message' | 'errors' | 'details'> & {
  message: string;
  errors: Record<string, string[]>;
  details: Details;
};

export async function jsonBody<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export function errorBody<Details = unknown>(response: Response): Promise<ErrorBody<Details>> {
  return jsonBody<ErrorBody<Details>>(response);
}

/** The parts of the integration API's OpenAPI document (GET /api/v1/openapi.json) that tests read. */
export interface OpenApiBody {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, { enum?: unknown[]; type?: string; oneOf?: unknown[] }>;
    responses: Record<string, { headers?: Record<string, unknown> }>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
  requestBody: {
    content: Record<
      string,
      { schema: { properties: Record<string, { enum?: unknown[]; $ref?: string }>; required: string[] } }
    >;
  };
  responses: Record<string, unknown>;
}

/** One operation of the document; a missing one fails the test here, by name. */
export function operationOf(document: OpenApiBody, path: string, method: string): OpenApiOperation {
  const operation = document.paths[path]?.[method];
  if (!operation) throw new Error(`The OpenAPI document has no ${method.toUpperCase()} ${path}`);
  return operation;
}
