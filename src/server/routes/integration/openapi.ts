import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import {
  agreedField,
  dateField,
  defectStatusField,
  eventCursor,
  eventCursorQuery,
  idField,
  instrumentStatusField,
  instrumentTypeField,
  linkField,
  MAX_UPLOAD_BYTES,
  moneyField,
  regionField,
  ticketStatusField,
  timestampField,
} from '#shared/api/integration.ts';
import { dayField, stopDoneOutcome, stopFailedOutcome } from '#shared/api/integration-couriers.ts';
import { anyEvent, eventPayloads, typedEvents, type FeedEventType } from '#shared/api/integration-events.ts';
import { errorResponse } from '#shared/api/endpoint.ts';
import { RETRY_AFTER_SECONDS } from '#server/middleware/load-shedding.ts';
import { fileDownload, integrationEndpoints, type IntegrationCall } from './integration-endpoints.ts';

// GET /api/v1/openapi.json: OpenAPI 3.1, generated from the same valibot schemas and endpoint list
// the router validates with, so the document cannot describe a call differently from how it is
// answered (ADR 0050). Each schema is described as the value it checks: transformations (trimming,
// a query's digits made a number) are skipped and the checks after them kept; checks valibot cannot
// say in JSON Schema carry it in their `v.metadata` (a money pattern, a non-zero delta, a date's
// format). Shared schemas are named under components.schemas and referenced.

type JsonObject = Record<string, unknown>;
type AnySchema = v.GenericSchema<unknown, unknown>;

const pascal = (type: string) =>
  type.replace(/(^|[._])(\w)/g, (_match, _separator, letter: string) => letter.toUpperCase());

/** The named schemas: every use of one of these valibot schemas is a `$ref` to its name. */
/** The refusal's body; a 500's also names its request (app.ts), which the page's own schema leaves out. */
const documentedError = v.object({ ...errorResponse.entries, request_id: v.optional(v.string()) });

const COMPONENTS: Record<string, AnySchema> = {
  Error: documentedError,
  Id: idField,
  Money: moneyField,
  Timestamp: timestampField,
  DateOrTimestamp: dateField,
  Day: dayField,
  Link: linkField,
  Region: regionField,
  TicketStatus: ticketStatusField,
  InstrumentType: instrumentTypeField,
  InstrumentStatus: instrumentStatusField,
  DefectStatus: defectStatusField,
  Agreed: agreedField,
  EventCursor: eventCursor,
  StopHandOver: stopDoneOutcome,
  StopNotMet: stopFailedOutcome,
  Event: anyEvent,
  ...Object.fromEntries(
    (Object.keys(typedEvents) as FeedEventType[]).flatMap((type) => [
      [`${pascal(type)}Event`, typedEvents[type]],
      [`${pascal(type)}Payload`, eventPayloads[type]],
    ]),
  ),
};

/** Other valibot schemas of a named one: the `after` query is the cursor the answers hand out. */
const ALIASES: Record<string, { schema: AnySchema; name: string }> = {
  EventCursorQuery: { schema: eventCursorQuery, name: 'EventCursor' },
};

const definitions = {
  ...COMPONENTS,
  ...Object.fromEntries(Object.entries(ALIASES).map(([key, alias]) => [key, alias.schema])),
};

function convert(schema: AnySchema): { schema: JsonObject; defs: Record<string, JsonObject> } {
  const {
    $schema: _dialect,
    $defs: defs = {},
    ...rest
  } = toJsonSchema(schema as never, {
    target: 'draft-2020-12',
    // 'output' converts a pipe from its last schema on: the checked value, transformations skipped.
    typeMode: 'output',
    // Transformations and custom checks have no JSON Schema form; what they check is in their metadata.
    errorMode: 'ignore',
    definitions: definitions as never,
    overrideRef: ({ referenceId }) => `#/components/schemas/${ALIASES[referenceId]?.name ?? referenceId}`,
  }) as JsonObject & { $defs?: Record<string, JsonObject> };
  return { schema: rest, defs };
}

const jsonSchema = (schema: AnySchema) => convert(schema).schema;

function componentSchemas(): Record<string, JsonObject> {
  const { defs } = convert(COMPONENTS.Error!);
  const schemas: Record<string, JsonObject> = {};
  for (const name of Object.keys(COMPONENTS)) schemas[name] = defs[name]!;
  schemas.Event = {
    ...schemas.Event,
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(
        Object.keys(typedEvents).map((type) => [type, `#/components/schemas/${pascal(type)}Event`]),
      ),
    },
  };
  return schemas;
}

const json = (schema: JsonObject) => ({ 'application/json': { schema } });
const errorBody = json({ $ref: '#/components/schemas/Error' });
const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 1, examples: [RETRY_AFTER_SECONDS] },
  },
};

/** The refusals, each once; an operation references those it can answer. */
const RESPONSES: Record<string, { status: number; response: JsonObject }> = {
  BadRequest: {
    status: 400,
    response: {
      description:
        'A body that cannot be read: not a JSON object, over 64 KB, not UTF-8, U+0000 in a text; or broken multipart',
      content: errorBody,
    },
  },
  Unauthorized: {
    status: 401,
    response: {
      description: 'No bearer token, or not one of INTEGRATION_TOKENS',
      headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer' } } },
      content: errorBody,
    },
  },
  NotFound: {
    status: 404,
    response: {
      description: 'Nothing under the id in the path (also: an id that is not a positive int4)',
      content: errorBody,
    },
  },
  Conflict: {
    status: 409,
    response: { description: 'A conflict with the current state: `message` says which', content: errorBody },
  },
  PayloadTooLarge: { status: 413, response: { description: 'A file over 10 MB', content: errorBody } },
  UnsupportedMediaType: {
    status: 415,
    response: {
      description: 'Another body type than the call takes (`application/json`; `multipart/form-data` for POST /files)',
      content: errorBody,
    },
  },
  RangeNotSatisfiable: {
    status: 416,
    response: {
      description: 'The range starts past the end of the file',
      headers: { 'Content-Range': { schema: { type: 'string', pattern: '^bytes \\*/\\d+$' } } },
      content: errorBody,
    },
  },
  Invalid: {
    status: 422,
    response: {
      description:
        'Invalid input: `errors` maps each field (a dot path, e.g. `instruments.0.type`; `_` for "at least one field") to its Russian messages, the first also in `message`',
      content: errorBody,
    },
  },
  InternalError: {
    status: 500,
    response: { description: 'A server fault: `request_id` finds it in the server’s log', content: errorBody },
  },
  Unavailable: {
    status: 503,
    response: {
      description:
        'The server is saturated and sheds load (any call), or its password hashing is busy (POST /clients, POST /couriers): try again after `Retry-After` seconds',
      headers: retryAfter,
      content: errorBody,
    },
  },
};
const RESPONSE_OF_STATUS = new Map(Object.entries(RESPONSES).map(([name, { status }]) => [status, name]));

function refusals(statuses: Iterable<number>): JsonObject {
  const responses: JsonObject = {};
  for (const status of [...new Set(statuses)].sort()) {
    responses[status] = { $ref: `#/components/responses/${RESPONSE_OF_STATUS.get(status)}` };
  }
  return responses;
}

const resolve = (schema: JsonObject, components: Record<string, JsonObject>): JsonObject =>
  typeof schema.$ref === 'string' ? (components[schema.$ref.split('/').pop()!] ?? schema) : schema;

/** A query string's default is its digits; the parameter is described as the number they make. */
function queryParameterSchema(schema: JsonObject, components: Record<string, JsonObject>): JsonObject {
  const type = resolve(schema, components).type;
  if ((type === 'integer' || type === 'number') && typeof schema.default === 'string')
    return { ...schema, default: Number(schema.default) };
  return schema;
}

const pathParameter = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { $ref: `#/components/schemas/${name === 'id' ? 'Id' : 'Day'}` },
});

function operation(call: IntegrationCall, components: Record<string, JsonObject>): JsonObject {
  const endpoint = integrationEndpoints[call];
  const { doc } = endpoint;
  const parameters: JsonObject[] = [];
  const statuses = [401, 500, 503, ...doc.errors];
  for (const [, name] of endpoint.path.matchAll(/:(\w+)/g)) {
    parameters.push(pathParameter(name!));
    statuses.push(name === 'id' ? 404 : 422);
  }
  let requestBody: JsonObject | undefined;
  if (endpoint.input && endpoint.method === 'GET') {
    const query = jsonSchema(endpoint.input);
    const properties = (query.properties ?? {}) as Record<string, JsonObject>;
    const required = (query.required ?? []) as string[];
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({
        name,
        in: 'query',
        required: required.includes(name),
        schema: queryParameterSchema(schema, components),
      });
    }
    statuses.push(400, 422);
  } else if (endpoint.input) {
    requestBody = { required: true, content: json(jsonSchema(endpoint.input)) };
    statuses.push(400, 415, 422);
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
  return {
    operationId: call,
    tags: [doc.tag],
    summary: doc.extension ? `${doc.summary} (extension)` : doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [doc.status]: {
        description: doc.status === 201 ? 'Created' : 'OK',
        content: json(jsonSchema(doc.documentedOutput ?? endpoint.output)),
      },
      ...refusals(statuses),
    },
  };
}

/** The stored file types a download can have (services/files/file-types.ts). */
const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/tiff', 'image/bmp'];

function fileDownloadOperation(): JsonObject {
  const bytes = Object.fromEntries(
    FILE_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
  );
  const fileHeaders = {
    'Content-Disposition': { schema: { type: 'string' }, description: 'attachment, with the file’s name' },
    'Content-Length': { schema: { type: 'integer', minimum: 0 } },
    'Accept-Ranges': { schema: { type: 'string', const: 'bytes' } },
  };
  return {
    operationId: 'downloadFile',
    tags: [fileDownload.doc.tag],
    summary: fileDownload.doc.summary,
    description: fileDownload.doc.description,
    parameters: [
      pathParameter('id'),
      {
        name: 'Range',
        in: 'header',
        required: false,
        description: 'One byte range, e.g. `bytes=0-1023`, `bytes=1024-`, `bytes=-500`',
        schema: { type: 'string' },
      },
    ],
    responses: {
      200: { description: 'The whole file', headers: fileHeaders, content: bytes },
      206: {
        description: 'The range asked for',
        headers: {
          ...fileHeaders,
          'Content-Range': { schema: { type: 'string', pattern: '^bytes \\d+-\\d+/\\d+$' } },
        },
        content: bytes,
      },
      ...refusals([401, 404, 416, 500, 503]),
    },
  };
}

function build(publicUrl: string): JsonObject {
  const components = componentSchemas();
  const paths: Record<string, JsonObject> = {
    '/api/v1/openapi.json': {
      get: {
        operationId: 'openApi',
        tags: ['Documentation'],
        summary: 'This document (no token needed)',
        security: [],
        responses: {
          200: { description: 'OpenAPI 3.1 document', content: json({ type: 'object' }) },
          ...refusals([500, 503]),
        },
      },
    },
  };
  const route = (method: string, path: string, operationObject: JsonObject) => {
    (paths[path.replace(/:(\w+)/g, '{$1}')] ??= {})[method.toLowerCase()] = operationObject;
  };
  for (const call of Object.keys(integrationEndpoints) as IntegrationCall[]) {
    const endpoint = integrationEndpoints[call];
    route(endpoint.method, endpoint.path, operation(call, components));
    if (call === 'uploadFile') route(fileDownload.method, fileDownload.path, fileDownloadOperation());
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Service centre integration API',
      version: '1.0.0',
      description:
        'The back office’s calls into the clinic portal (API.md). JSON bodies, money as decimal strings with two places ("12500.00"), ' +
        'points as integers, dates in ISO 8601. Text lengths count after trimming and removing invisible characters. ' +
        'Calls marked "(extension)" are additions for the portal (docs/api.md).',
    },
    servers: [{ url: publicUrl, description: 'This portal (PUBLIC_URL)' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A token from INTEGRATION_TOKENS' } },
      schemas: components,
      responses: Object.fromEntries(Object.entries(RESPONSES).map(([name, { response }]) => [name, response])),
    },
  };
}

const built = new Map<string, JsonObject>();

/** Built on first use for the portal's address and kept: the schemas do not change while the process runs. */
export function openApiDocument(publicUrl: string): JsonObject {
  let document = built.get(publicUrl);
  if (!document) built.set(publicUrl, (document = build(publicUrl)));
  return document;
}
