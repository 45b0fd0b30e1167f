import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { MAX_UPLOAD_BYTES } from '#shared/api/integration.ts';
import { errorResponse } from '#shared/api/endpoint.ts';
import { callDocs, integrationEndpoints, type IntegrationCall } from './integration-endpoints.ts';

// GET /api/v1/openapi.json: OpenAPI 3.1, generated from the same valibot schemas and endpoint list
// the router validates with, so the document cannot describe a call differently from how it is
// answered. Checks that JSON Schema cannot express (a real calendar date, "at least one field")
// are left out of the schema and told in the call's description instead.

type JsonObject = Record<string, unknown>;
type AnySchema = v.GenericSchema<unknown, unknown>;

/** `object()` of src/shared/api/object.ts: a custom "not an array" check in front of a valibot object. */
function arrayRefusingObject(schema: unknown): AnySchema | null {
  return (schema as { guardedObject?: AnySchema }).guardedObject ?? null;
}

function jsonSchema(schema: AnySchema, typeMode: 'input' | 'output'): JsonObject {
  // errorMode 'ignore': transforms (trim, lower-case) and custom checks have no JSON Schema form.
  const config = {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
    // An array-refusing object is described as the object it is ("type: object" already excludes arrays).
    overrideSchema: ({ valibotSchema }: { valibotSchema: unknown }) => {
      const inner = arrayRefusingObject(valibotSchema);
      return inner ? (jsonSchema(inner, typeMode) as never) : undefined;
    },
  } as const;
  const { $schema: _dialect, ...rest } = toJsonSchema(schema as never, config) as JsonObject;
  return rest;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Unparsable body (not JSON, not an object, too large)',
  401: 'Missing or wrong bearer token',
  404: 'Unknown id in the path',
  409: 'Conflict with the current state',
  413: 'File larger than 10 MB',
  422: 'Invalid input: `errors` maps each field to its Russian messages',
};

function operation(call: IntegrationCall): JsonObject {
  const endpoint = integrationEndpoints[call];
  const doc = callDocs[call];
  const parameters: JsonObject[] = [];
  if (endpoint.path.includes(':id')) {
    parameters.push({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    });
  }
  if (endpoint.path.includes(':date')) {
    parameters.push({ name: 'date', in: 'path', required: true, schema: { type: 'string', format: 'date' } });
  }
  let requestBody: JsonObject | undefined;
  if (endpoint.input && endpoint.method === 'GET') {
    const query = jsonSchema(endpoint.input, 'input');
    const properties = (query.properties ?? {}) as Record<string, JsonObject>;
    const required = (query.required ?? []) as string[];
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.includes(name), schema });
    }
  } else if (endpoint.input) {
    requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.input, 'input') } } };
  } else if (call === 'uploadFile') {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', contentMediaType: 'application/octet-stream', maxLength: MAX_UPLOAD_BYTES },
            },
            required: ['file'],
          },
        },
      },
    };
  }
  const errorStatuses = new Set<number>([
    401,
    ...(requestBody || parameters.some((p) => p.in !== 'path' || p.name === 'date') ? [400, 422] : []),
    ...doc.errors,
  ]);
  const responses: JsonObject = {
    [doc.status]: {
      description: doc.status === 201 ? 'Created' : 'OK',
      content: { 'application/json': { schema: jsonSchema(endpoint.output, 'output') } },
    },
  };
  for (const status of [...errorStatuses].sort()) {
    responses[status] = {
      description: ERROR_TEXT[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    operationId: call,
    tags: [doc.tag],
    summary: doc.extension ? `${doc.summary} (extension)` : doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

function build(): JsonObject {
  const paths: Record<string, JsonObject> = {
    '/api/v1/openapi.json': {
      get: {
        operationId: 'openApi',
        summary: 'This document (no token needed)',
        security: [],
        responses: { 200: { description: 'OpenAPI 3.1 document' } },
      },
    },
  };
  for (const call of Object.keys(integrationEndpoints) as IntegrationCall[]) {
    const endpoint = integrationEndpoints[call];
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operation(call);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Service centre integration API',
      version: '1.0.0',
      description:
        'The back office’s calls into the clinic portal (API.md). JSON bodies, money as decimal strings with two places ("12500.00"), ' +
        'points as integers, dates in ISO 8601. Calls marked "(extension)" are additions for the portal (docs/api.md).',
    },
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A token from INTEGRATION_TOKENS' } },
      schemas: { Error: jsonSchema(errorResponse, 'output') },
    },
  };
}

let cached: JsonObject | undefined;

/** Built on first use and kept: the schemas do not change while the process runs. */
export function openApiDocument(): JsonObject {
  cached ??= build();
  return cached;
}
