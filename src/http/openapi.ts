// The OpenAPI 3.1 document served at GET /v1/openapi.json. Error codes listed per response
// come from the registry (src/errors.ts); a test checks registry, docs and this agree.
import { ERROR_CODES, type ErrorCode } from '../errors';
import { DEFAULT_PARAMS_LIMITS } from './schemas/paramsLimits';
import { PAGE_FORMAT_NAMES } from './schemas/generate';

function problemResponse(description: string, codes: ErrorCode[], headers?: Record<string, unknown>): Record<string, unknown> {
  return {
    description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    ...(headers ? { headers } : {}),
    content: {
      'application/problem+json': {
        schema: { allOf: [{ $ref: '#/components/schemas/Problem' }, { properties: { code: { enum: codes } } }] },
      },
    },
  };
}

const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

export function openApiDocument(version: string): Record<string, unknown> {
  const codesByStatus = (status: number) => (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c].status === status);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platen',
      version,
      description: 'Self-hosted PDF generation: a stored Nunjucks template + params → PDF, laid out without a browser. Every error is application/problem+json (RFC 9457) with a stable `code`; see src/docs/api.md.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/v1/pdf/generate': {
        post: {
          operationId: 'generatePdf',
          summary: 'Render a stored template with params into a PDF',
          description: 'Checks run in this order and the first failing one answers: 401 unauthorized, 403 subscription_inactive, 415 unsupported_media_type, 413 payload_too_large, 400 invalid_json, template_id_required, unknown_field, unsupported_format, invalid_params, params_reserved_key, params_limit_exceeded, 404 template_not_found, 500 render_failed / render_timeout, 503 overloaded. The body is not read before the key and subscription pass.',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/GenerateRequest' } } },
          },
          responses: {
            200: {
              description: 'The PDF. The same template version, params, globals and format give byte-identical bytes.',
              headers: {
                ...requestIdHeader,
                'Content-Length': { schema: { type: 'integer' } },
                'Content-Disposition': { schema: { type: 'string', examples: ['inline; filename="invoice.pdf"'] } },
              },
              content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
            },
            401: problemResponse('Missing, malformed, unknown or revoked API key (all identical).', codesByStatus(401), { ...requestIdHeader, 'WWW-Authenticate': { schema: { const: 'Bearer' } } }),
            403: problemResponse('The account has no active subscription.', codesByStatus(403), requestIdHeader),
            404: problemResponse('No template with that templateId in the key\'s account (`not_found`: no such route).', codesByStatus(404), requestIdHeader),
            400: problemResponse('The request body is malformed or params break a limit; `malformed_request`: not valid HTTP at all.', codesByStatus(400), requestIdHeader),
            405: problemResponse('The path exists but not with this method.', codesByStatus(405), { ...requestIdHeader, Allow: { schema: { type: 'string' } } }),
            408: problemResponse('The client did not send its request in time (the connection is closed).', codesByStatus(408), requestIdHeader),
            431: problemResponse('The request headers are over Node\'s 16 KiB limit (the connection is closed).', codesByStatus(431), requestIdHeader),
            413: problemResponse('The body is over the configured limit (default 10 MiB).', codesByStatus(413), requestIdHeader),
            415: problemResponse('Content-Type is not application/json.', codesByStatus(415), requestIdHeader),
            500: problemResponse('Rendering failed or took too long, or an internal error.', codesByStatus(500), requestIdHeader),
            503: problemResponse('The render queue is full, or the database is locked, full or failing; retry after the given seconds.', codesByStatus(503), { ...requestIdHeader, 'Retry-After': { schema: { type: 'integer' } } }),
          },
        },
      },
      '/healthz': {
        get: { operationId: 'healthz', summary: 'Liveness', security: [], responses: { 200: { description: 'The process answers.', content: { 'application/json': { schema: { type: 'object' } } } } } },
      },
      '/readyz': {
        get: {
          operationId: 'readyz', summary: 'Readiness: the database answers', security: [],
          responses: {
            200: { description: 'Ready.', content: { 'application/json': { schema: { type: 'object' } } } },
            503: { description: 'The database is not reachable.', content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
      '/v1/openapi.json': {
        get: { operationId: 'openapi', summary: 'This document', security: [], responses: { 200: { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } } } },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `plt_` followed by 40 base62 characters, shown once at creation (`platen keys create`).' },
      },
      headers: {
        'X-Request-Id': { description: 'Echoes a sane incoming X-Request-Id (1–128 of A–Z a–z 0–9 . _ : -), else a generated UUID. On every response.', schema: { type: 'string' } },
      },
      schemas: {
        GenerateRequest: {
          type: 'object',
          additionalProperties: false,
          required: ['templateId'],
          properties: {
            templateId: { type: 'string', minLength: 1, description: 'The template ID shown by `platen templates list`.' },
            format: { type: 'string', default: 'A4', description: `Page size, case-insensitive: ${PAGE_FORMAT_NAMES.join(', ')}. Portrait. A CSS @page size in the template wins.`, examples: PAGE_FORMAT_NAMES },
            params: {
              type: ['object', 'null'],
              description: `Template variables (any JSON). Limits: depth ${DEFAULT_PARAMS_LIMITS.depth} (params is level 1), ${DEFAULT_PARAMS_LIMITS.array_length} elements per array, ${DEFAULT_PARAMS_LIMITS.object_keys} keys per object, ${DEFAULT_PARAMS_LIMITS.string_length} code points per string or key, ${DEFAULT_PARAMS_LIMITS.total_values} values in all. The top-level key "global" is reserved.`,
            },
          },
        },
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'code', 'detail'],
          properties: {
            type: { type: 'string', const: 'about:blank' },
            title: { type: 'string' },
            status: { type: 'integer' },
            code: { type: 'string', enum: Object.keys(ERROR_CODES) },
            detail: { type: 'string' },
            field: { type: 'string', description: 'unknown_field: the field' },
            allowed: { type: 'array', items: { type: 'string' }, description: 'unsupported_format: the allowed formats' },
            limit: { type: 'string', enum: ['depth', 'array_length', 'object_keys', 'string_length', 'total_values'], description: 'params_limit_exceeded: which limit' },
            max: { type: 'integer', description: 'params_limit_exceeded: the maximum' },
            path: { type: 'string', description: 'params_limit_exceeded: JSON path of the first breach, e.g. params.items[3].name' },
            maxBytes: { type: 'integer', description: 'payload_too_large: the limit' },
          },
        },
      },
    },
  };
}
