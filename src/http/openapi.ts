// The OpenAPI 3.1 document served at GET /v1/openapi.json. Error codes listed per response
// come from the registry (src/errors.ts); a test checks registry, docs and this agree.
import { ERROR_CODES, type ErrorCode } from '../errors';
import { TEMPLATE_ID_PATTERN } from '../store';
import { DEFAULT_PARAMS_LIMITS } from './schemas/paramsLimits';
import { ATTACHMENT_LIMITS, PAGE_FORMAT_NAMES } from './schemas/generate';
import { AF_RELATIONSHIPS, PDF_STANDARDS } from '../engine/pdfStandards';

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

/** A PDF body: raw bytes (`format: binary` makes generated clients read a Blob, not a string) */
const PDF_BYTES = { type: 'string', format: 'binary', contentMediaType: 'application/pdf' };

/** `format`: one of the page sizes; the server also takes them in any letter case */
const FORMAT_SCHEMA = {
  type: 'string', enum: PAGE_FORMAT_NAMES,
  description: `Page size, portrait; default A4 (said here, not as a JSON Schema \`default\`, which would make generated clients require it). The server matches it case-insensitively (\`a4\` = \`A4\`); the enum lists the canonical spelling. Anything else: 400 unsupported_format. A CSS @page size in the template wins.`,
};

/** `params`: a JSON object with any values, within the limits; the top-level key `global` is reserved */
const PARAMS_SCHEMA = {
  type: ['object', 'null'],
  additionalProperties: true,
  propertyNames: { not: { const: 'global' }, maxLength: DEFAULT_PARAMS_LIMITS.string_length },
  maxProperties: DEFAULT_PARAMS_LIMITS.object_keys,
  description: `Template variables: an object with any JSON values (\`null\` counts as absent). Limits (400 params_limit_exceeded, with \`limit\`, \`max\`, \`path\`): depth ${DEFAULT_PARAMS_LIMITS.depth} (params is level 1), ${DEFAULT_PARAMS_LIMITS.array_length} elements per array, ${DEFAULT_PARAMS_LIMITS.object_keys} keys per object, ${DEFAULT_PARAMS_LIMITS.string_length} code points per string or key, ${DEFAULT_PARAMS_LIMITS.total_values} values in all. The top-level key \`global\` is reserved for the account's global variables (400 params_reserved_key).`,
};

const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

/** What each status means, whatever the route. */
const STATUS_TEXT: Record<number, string> = {
  400: 'The request is malformed: see `code` (and `field`, `problems`, `path`, `allowed` where given); `malformed_request`: not valid HTTP at all.',
  401: 'Missing, malformed, unknown or revoked API key (all identical).',
  403: 'The account has no active subscription.',
  404: 'Not in the key\'s account (another account\'s template is also 404), or no such route.',
  405: 'The path exists but not with this method.',
  408: 'The client did not send its request in time (the connection is closed).',
  409: 'A template with this ID already exists.',
  412: 'If-Match does not name the latest version: someone else saved first.',
  413: 'The body is over its limit.',
  415: 'The body\'s media type or an asset\'s content is not accepted.',
  431: 'The request headers are over Node\'s 16 KiB limit (the connection is closed).',
  500: 'Rendering failed or took too long, or an internal error.',
  503: 'The render queue is full, or the database is locked, full or failing; retry after the given seconds.',
};

/** Codes every authenticated route can answer besides its own. */
const COMMON_CODES: ErrorCode[] = ['unauthorized', 'subscription_inactive', 'not_found', 'method_not_allowed', 'malformed_request', 'request_timeout', 'headers_too_large', 'internal_error', 'storage_unavailable'];
const JSON_BODY_CODES: ErrorCode[] = ['unsupported_media_type', 'payload_too_large', 'invalid_json'];
const GENERATE_CODES: ErrorCode[] = [
  ...COMMON_CODES, ...JSON_BODY_CODES, 'template_id_required', 'unknown_field', 'unsupported_format', 'invalid_template_version', 'invalid_params',
  'params_reserved_key', 'params_limit_exceeded', 'unsupported_pdf_standard', 'invalid_attachments', 'template_not_found', 'template_version_not_found', 'render_failed', 'render_timeout', 'overloaded',
];

/** One problem+json response per status among `codes`, each listing its codes. */
function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of new Set(codes)) {
    const status = ERROR_CODES[c].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), c]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Record<string, unknown> = { ...requestIdHeader };
    if (status === 401) headers['WWW-Authenticate'] = { schema: { const: 'Bearer' } };
    if (status === 405) headers.Allow = { schema: { type: 'string' } };
    if (status === 503) headers['Retry-After'] = { schema: { type: 'integer' } };
    out[status] = problemResponse(STATUS_TEXT[status] ?? 'Error.', list, headers);
  }
  return out;
}

const jsonContent = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });
const templateIdParam = { name: 'id', in: 'path', required: true, description: 'The template ID.', schema: { type: 'string', pattern: TEMPLATE_ID_PATTERN.source } };
const assetPathParam = { name: 'path', in: 'path', required: true, description: 'The asset path relative to the template, folders included (`img/logo.png`): 1–10 segments of A–Z a–z 0–9 _ - . @ +, none starting with a dot, at most 255 characters. Its slashes are sent as they are.', schema: { type: 'string', maxLength: 255 } };
const versionQuery = { name: 'version', in: 'query', required: false, description: 'A stored version; default the latest.', schema: { type: 'integer', minimum: 1 } };
const ifMatchHeader = { name: 'If-Match', in: 'header', required: false, description: 'The ETag of the version this change is based on (`"v3"`); a stale one is 412 and nothing is written. `*` or none: no condition.', schema: { type: 'string' } };
const etagHeader = { ETag: { description: 'The version\'s entity tag, `"v<N>"`, for If-Match.', schema: { type: 'string' } } };
const TEMPLATE_CODES: ErrorCode[] = [...COMMON_CODES, 'template_not_found'];
const SAVE_CODES: ErrorCode[] = [...TEMPLATE_CODES, ...JSON_BODY_CODES, 'unknown_field', 'invalid_field', 'template_invalid', 'params_reserved_key', 'params_limit_exceeded', 'invalid_params', 'overloaded'];
const ASSET_CODES: ErrorCode[] = [...TEMPLATE_CODES, 'invalid_asset_path'];

/** Path parameters go on each operation, so every member of a path item is an operation. */
function withParams(params: readonly Record<string, unknown>[], ops: Record<string, { parameters?: unknown[]; [k: string]: unknown }>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(ops).map(([method, op]) => [method, { ...op, parameters: [...params, ...(op.parameters ?? [])] }]));
}

function templatePaths(): Record<string, unknown> {
  return {
    '/v1/templates': {
      get: {
        operationId: 'listTemplates', summary: 'List the account\'s templates, one page at a time, in ID order',
        parameters: [
          { name: 'limit', in: 'query', required: false, description: 'Templates per page; default 50.', schema: { type: 'integer', minimum: 1, maximum: 200 } },
          { name: 'cursor', in: 'query', required: false, description: 'The `nextCursor` of the previous page.', schema: { type: 'string' } },
          { name: 'name', in: 'query', required: false, description: 'Only templates whose name contains this (case-insensitive for ASCII).', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'One page.', headers: requestIdHeader, content: jsonContent('TemplateList') }, ...errorResponses([...COMMON_CODES, 'invalid_query']) },
      },
      post: {
        operationId: 'createTemplate', summary: 'Create a template (version 1)',
        description: 'The HTML is checked first (`template_invalid` with located `problems`: syntax, blocked names, include/import/extends, unknown filters and tests), then rendered once with `sampleParams`; the engine\'s diagnostics come back as `warnings`.',
        requestBody: { required: true, content: jsonContent('TemplateCreate') },
        responses: {
          201: { description: 'Created.', headers: { ...requestIdHeader, ...etagHeader, Location: { schema: { type: 'string' } } }, content: jsonContent('TemplateSaved') },
          ...errorResponses([...SAVE_CODES, 'invalid_template_id', 'template_exists']),
        },
      },
    },
    '/v1/templates/{id}': withParams([templateIdParam], {
      get: { operationId: 'getTemplate', summary: 'The latest version of a template', responses: { 200: { description: 'The template.', headers: { ...requestIdHeader, ...etagHeader }, content: jsonContent('Template') }, ...errorResponses(TEMPLATE_CODES) } },
      put: {
        operationId: 'updateTemplate', summary: 'Save a new version', description: 'Replaces the content: `css` and `sampleParams` left out become empty, `name` left out is kept. Assets carry over. Checked and sample-rendered like a create.',
        parameters: [ifMatchHeader], requestBody: { required: true, content: jsonContent('TemplateUpdate') },
        responses: { 200: { description: 'The new version.', headers: { ...requestIdHeader, ...etagHeader }, content: jsonContent('TemplateSaved') }, ...errorResponses([...SAVE_CODES, 'precondition_failed']) },
      },
      delete: { operationId: 'deleteTemplate', summary: 'Delete a template with every version and asset', parameters: [ifMatchHeader], responses: { 204: { description: 'Deleted.', headers: requestIdHeader }, ...errorResponses([...TEMPLATE_CODES, 'precondition_failed']) } },
    }),
    '/v1/templates/{id}/versions': withParams([templateIdParam], {
      get: { operationId: 'listTemplateVersions', summary: 'Every version, oldest first', responses: { 200: { description: 'The versions.', headers: requestIdHeader, content: jsonContent('VersionList') }, ...errorResponses(TEMPLATE_CODES) } },
    }),
    '/v1/templates/{id}/versions/{n}': withParams([templateIdParam, { name: 'n', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }], {
      get: { operationId: 'getTemplateVersion', summary: 'One version with its asset list', responses: { 200: { description: 'The version.', headers: { ...requestIdHeader, ...etagHeader }, content: jsonContent('TemplateVersion') }, ...errorResponses([...TEMPLATE_CODES, 'invalid_template_version', 'template_version_not_found']) } },
    }),
    '/v1/templates/{id}/assets': withParams([templateIdParam], {
      get: { operationId: 'listAssets', summary: 'The assets of a version', parameters: [versionQuery], responses: { 200: { description: 'The assets.', headers: requestIdHeader, content: jsonContent('AssetList') }, ...errorResponses([...TEMPLATE_CODES, 'invalid_query', 'template_version_not_found']) } },
    }),
    '/v1/templates/{id}/assets/{path}': withParams([templateIdParam, assetPathParam], {
      get: {
        operationId: 'getAsset', summary: 'An asset\'s bytes', parameters: [versionQuery],
        responses: {
          200: { description: 'The bytes, with the type found when they were stored.', headers: { ...requestIdHeader, ETag: { schema: { type: 'string' }, description: 'The SHA-256 of the bytes.' }, 'X-Template-Version': { schema: { type: 'integer' } } }, content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
          ...errorResponses([...ASSET_CODES, 'invalid_query', 'template_version_not_found', 'asset_not_found']),
        },
      },
      put: {
        operationId: 'putAsset', summary: 'Add or replace an asset: a new version',
        description: 'The raw bytes are the body. The type is found from the bytes (PNG, JPEG, GIF, SVG, TTF, OTF, WOFF, WOFF2, or UTF-8 CSS); a specific Content-Type that disagrees is 415, `application/octet-stream` leaves it to the bytes. The same bytes at the same path change nothing (`changed: false`). Limits: 5 MiB per asset (`PLATEN_ASSET_MAX_BYTES`), 50 MiB per version (`PLATEN_TEMPLATE_ASSETS_MAX_BYTES`).',
        parameters: [ifMatchHeader],
        requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
        responses: {
          200: { description: 'Replaced (or unchanged).', headers: { ...requestIdHeader, ...etagHeader }, content: jsonContent('AssetSaved') },
          201: { description: 'Added.', headers: { ...requestIdHeader, ...etagHeader, Location: { schema: { type: 'string' } } }, content: jsonContent('AssetSaved') },
          ...errorResponses([...ASSET_CODES, 'asset_too_large', 'unsupported_asset_type', 'precondition_failed']),
        },
      },
      delete: {
        operationId: 'deleteAsset', summary: 'Remove an asset: a new version without it', parameters: [ifMatchHeader],
        responses: { 200: { description: 'The new version.', headers: { ...requestIdHeader, ...etagHeader }, content: jsonContent('AssetDeleted') }, ...errorResponses([...ASSET_CODES, 'asset_not_found', 'precondition_failed']) },
      },
    }),
  };
}

export function openApiDocument(version: string): Record<string, unknown> {
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
          description: 'Checks run in this order and the first failing one answers: 401 unauthorized, 403 subscription_inactive, 415 unsupported_media_type, 413 payload_too_large, 400 invalid_json, template_id_required, unknown_field, unsupported_format, invalid_template_version, invalid_params, params_reserved_key, params_limit_exceeded, unsupported_pdf_standard, invalid_attachments, 404 template_not_found / template_version_not_found, 500 render_failed / render_timeout, 503 overloaded. The body is not read before the key and subscription pass.',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/GenerateRequest' } } },
          },
          responses: {
            200: {
              description: 'The PDF. The same template version, params, globals and format give byte-identical bytes.',
              headers: {
                ...requestIdHeader,
                'X-Template-Version': { description: 'The template version rendered.', schema: { type: 'integer' } },
                ETag: { description: 'A hash of the PDF\'s bytes (base64url SHA-256, quoted).', schema: { type: 'string' } },
                'Content-Length': { schema: { type: 'integer' } },
                'Content-Disposition': { schema: { type: 'string', examples: ['inline; filename="invoice.pdf"'] } },
              },
              content: { 'application/pdf': { schema: PDF_BYTES } },
            },
            ...errorResponses(GENERATE_CODES),
          },
        },
      },
      '/v1/pdf/preview': {
        post: {
          operationId: 'previewPdf',
          summary: 'Render a draft template (not saved) into a PDF',
          description: 'The same checks, params limits, render deadline and closed world as generate. The PDF comes with `X-Diagnostics-Count` and `X-Diagnostics` (a JSON array, ASCII, at most 8 KiB); with `Accept: application/json` the answer is `{pdf: base64, diagnostics}`. `assetsFrom` lets the draft use the latest assets of one of the account\'s templates.',
          requestBody: { required: true, content: jsonContent('PreviewRequest') },
          responses: {
            200: {
              description: 'The draft as a PDF, or as JSON.',
              headers: {
                ...requestIdHeader,
                'X-Diagnostics-Count': { schema: { type: 'integer' } },
                'X-Diagnostics': { description: 'JSON array of warnings (PDF answers only); trimmed to 8 KiB, the count is complete.', schema: { type: 'string' } },
              },
              content: { 'application/pdf': { schema: PDF_BYTES }, ...jsonContent('PreviewJson') },
            },
            ...errorResponses([...COMMON_CODES, ...JSON_BODY_CODES, 'unknown_field', 'invalid_field', 'unsupported_format', 'invalid_params', 'params_reserved_key', 'params_limit_exceeded', 'template_invalid', 'template_not_found', 'render_failed', 'render_timeout', 'overloaded']),
          },
        },
      },
      ...templatePaths(),
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
            templateVersion: { type: 'integer', minimum: 1, description: 'A stored version to render; default the latest.' },
            format: FORMAT_SCHEMA,
            params: PARAMS_SCHEMA,
            pdfStandard: {
              type: 'string', enum: [...PDF_STANDARDS],
              description: 'Write an archival PDF (ISO 19005, conformance level b): embedded fonts, sRGB output intent, XMP metadata. Matched case-insensitively. Default: the template\'s <meta name="pdf-standard">, else a plain PDF. Unknown: 400 unsupported_pdf_standard.',
            },
            attachments: {
              type: 'array', maxItems: ATTACHMENT_LIMITS.count,
              description: 'Files embedded in the PDF and listed as associated files (/AF), e.g. a Factur-X invoice XML. Names unique. Not with PDF/A-2b (PDF/A-3b or plain PDF). Any problem: 400 invalid_attachments with its path.',
              items: { $ref: '#/components/schemas/Attachment' },
            },
          },
        },
        Attachment: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'contentType', 'content'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: ATTACHMENT_LIMITS.name_length, description: 'File name shown by PDF readers: no "/", "\\" or control characters.', examples: ['factur-x.xml'] },
            contentType: { type: 'string', minLength: 3, maxLength: ATTACHMENT_LIMITS.content_type_length, description: 'MIME type (type/subtype), written as the embedded file\'s /Subtype.', examples: ['text/xml'] },
            content: { type: 'string', minLength: 4, contentEncoding: 'base64', description: 'The file\'s bytes, base64 with padding (RFC 4648 §4).' },
            description: { type: 'string', minLength: 1, maxLength: ATTACHMENT_LIMITS.description_length },
            relationship: { type: 'string', enum: [...AF_RELATIONSHIPS], description: 'PDF/A-3 /AFRelationship of the file to the document; default Unspecified.' },
          },
        },
        ...templateSchemas(),
        Problem: {
          type: 'object',
          description: 'RFC 9457 problem details. Besides the standard members, each code carries the extension members named in its description (see src/docs/api.md); no others.',
          additionalProperties: false,
          required: ['type', 'title', 'status', 'code', 'detail'],
          properties: {
            instance: { type: 'string' },
            type: { type: 'string', const: 'about:blank' },
            title: { type: 'string' },
            status: { type: 'integer' },
            code: { type: 'string', enum: Object.keys(ERROR_CODES) },
            detail: { type: 'string' },
            field: { type: 'string', description: 'unknown_field, invalid_field: the field' },
            allowed: { type: 'array', items: { type: 'string' }, description: 'unsupported_format, unsupported_pdf_standard: the allowed values' },
            limit: { type: 'string', enum: ['depth', 'array_length', 'object_keys', 'string_length', 'total_values', 'asset', 'template', 'range', 'pages', 'pdf_bytes', 'worker_heap'], description: 'params_limit_exceeded: which params limit; asset_too_large: `asset` or `template`; render_failed: the render limit the document hit (`range`: range() length, `pages`: PLATEN_MAX_PAGES, `pdf_bytes`: PLATEN_MAX_PDF_BYTES, `worker_heap`: the worker\'s heap cap in MB, PLATEN_WORKER_HEAP_MB)' },
            max: { type: 'integer', description: 'params_limit_exceeded, render_failed with `limit`: the maximum' },
            line: { type: 'integer', minimum: 0, description: 'invalid_json: 1-based line of the syntax error in the body; render_failed of a template error: 1-based line in the template source (0 when unknown)' },
            column: { type: 'integer', minimum: 0, description: 'invalid_json, render_failed: 1-based column on that line (0 when unknown)' },
            queue: { type: 'integer', description: 'overloaded: the render queue\'s capacity' },
            deadlineMs: { type: 'integer', description: 'render_timeout: the render deadline in ms' },
            path: { type: 'string', description: 'params_limit_exceeded: JSON path of the first breach, e.g. params.items[3].name; invalid_attachments: where, e.g. attachments[1].content' },
            maxBytes: { type: 'integer', description: 'payload_too_large, asset_too_large: the limit' },
            problems: { type: 'array', items: { $ref: '#/components/schemas/Located' }, description: 'template_invalid: every problem with its line; render_failed of a preview: where the template failed' },
            currentVersion: { type: 'integer', description: 'precondition_failed: the latest version' },
            etag: { type: 'string', description: 'precondition_failed: its ETag' },
            latestVersion: { type: 'integer', description: 'template_version_not_found: the latest version' },
            parameter: { type: 'string', description: 'invalid_query: the query parameter' },
            detectedType: { type: 'string', description: 'unsupported_asset_type: what the bytes are' },
            key: { type: 'string', description: 'params_reserved_key: the key' },
            pattern: { type: 'string', description: 'invalid_template_id: the pattern an ID must match' },
          },
        },
      },
    },
  };
}

function templateSchemas(): Record<string, unknown> {
  const ts = { type: 'string', format: 'date-time' };
  const sample = { type: 'object', additionalProperties: true, description: 'Params the template is rendered with when saved (same limits as params; no top-level `global`).' };
  return {
    Located: {
      type: 'object', required: ['code', 'message', 'line', 'column'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, line: { type: 'integer', description: '1-based; 0 when unknown' }, column: { type: 'integer' }, source: { type: 'string', description: 'warnings: `template CSS`, `document` (the HTML rendered with the sample), `template` (the Nunjucks source), or another engine source' } },
    },
    Asset: { type: 'object', required: ['path', 'size', 'sha256', 'contentType'], properties: { path: { type: 'string' }, size: { type: 'integer' }, sha256: { type: 'string' }, contentType: { type: 'string', enum: ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'font/ttf', 'font/otf', 'font/woff', 'font/woff2', 'text/css'] } } },
    TemplateSummary: { type: 'object', required: ['id', 'name', 'version', 'etag'], properties: { id: { type: 'string' }, name: { type: 'string' }, version: { type: 'integer' }, etag: { type: 'string' }, createdAt: ts, updatedAt: ts } },
    Template: {
      allOf: [{ $ref: '#/components/schemas/TemplateSummary' }, {
        type: 'object', required: ['html', 'css', 'sampleParams', 'assets'],
        properties: { html: { type: 'string' }, css: { type: 'string' }, sampleParams: { type: 'object' }, assets: { type: 'array', items: { $ref: '#/components/schemas/Asset' } } },
      }],
    },
    TemplateSaved: { allOf: [{ $ref: '#/components/schemas/Template' }, { type: 'object', required: ['warnings'], properties: { warnings: { type: 'array', items: { $ref: '#/components/schemas/Located' } } } }] },
    TemplateList: { type: 'object', required: ['templates', 'nextCursor'], properties: { templates: { type: 'array', items: { $ref: '#/components/schemas/TemplateSummary' } }, nextCursor: { type: ['string', 'null'] } } },
    TemplateCreate: {
      type: 'object', additionalProperties: false, required: ['name', 'html'],
      properties: {
        id: { type: 'string', pattern: TEMPLATE_ID_PATTERN.source, description: 'Optional: a URL-safe ID of at most 64 characters; default a generated `tpl_…`. An existing one is 409.' },
        name: { type: 'string', minLength: 1, maxLength: 200 }, html: { type: 'string' }, css: { type: 'string' }, sampleParams: sample,
      },
    },
    TemplateUpdate: { type: 'object', additionalProperties: false, required: ['html'], properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, html: { type: 'string' }, css: { type: 'string' }, sampleParams: sample } },
    VersionList: {
      type: 'object', required: ['templateId', 'latestVersion', 'versions'],
      properties: {
        templateId: { type: 'string' }, latestVersion: { type: 'integer' },
        versions: { type: 'array', items: { type: 'object', properties: { version: { type: 'integer' }, name: { type: 'string' }, createdAt: ts, assetCount: { type: 'integer' }, assetBytes: { type: 'integer' } } } },
      },
    },
    TemplateVersion: {
      type: 'object', required: ['templateId', 'version', 'html', 'css', 'sampleParams', 'assets'],
      properties: { templateId: { type: 'string' }, version: { type: 'integer' }, etag: { type: 'string' }, name: { type: 'string' }, html: { type: 'string' }, css: { type: 'string' }, sampleParams: { type: 'object' }, assets: { type: 'array', items: { $ref: '#/components/schemas/Asset' } }, createdAt: ts },
    },
    AssetList: { type: 'object', required: ['templateId', 'version', 'assets'], properties: { templateId: { type: 'string' }, version: { type: 'integer' }, assets: { type: 'array', items: { $ref: '#/components/schemas/Asset' } } } },
    AssetSaved: { type: 'object', required: ['templateId', 'version', 'changed', 'asset'], properties: { templateId: { type: 'string' }, version: { type: 'integer' }, changed: { type: 'boolean' }, asset: { $ref: '#/components/schemas/Asset' } } },
    AssetDeleted: { type: 'object', required: ['templateId', 'version', 'changed'], properties: { templateId: { type: 'string' }, version: { type: 'integer' }, changed: { type: 'boolean' } } },
    PreviewRequest: {
      type: 'object', additionalProperties: false, required: ['html'],
      properties: {
        html: { type: 'string', description: 'Nunjucks HTML, checked like a saved template.' }, css: { type: 'string' },
        params: PARAMS_SCHEMA,
        format: FORMAT_SCHEMA,
        assetsFrom: { type: 'string', description: 'A template of the account whose latest assets the draft may use.' },
      },
    },
    PreviewJson: { type: 'object', required: ['pdf', 'diagnostics'], properties: { pdf: { type: 'string', contentEncoding: 'base64' }, diagnostics: { type: 'array', items: { $ref: '#/components/schemas/Located' } } } },
  };
}
