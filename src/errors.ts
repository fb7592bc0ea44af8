// One registry of error codes (DESIGN.md example 8). Each code has one HTTP status and one
// title; the http error mapper turns a PlatenError into problem+json. Code matches on
// `code`, never on a message. docs and the OpenAPI document are tested against this set.

export const ERROR_CODES = {
  unauthorized: { status: 401, title: 'Unauthorized' },
  subscription_inactive: { status: 403, title: 'Subscription inactive' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  invalid_json: { status: 400, title: 'Invalid JSON' },
  template_id_required: { status: 400, title: 'templateId required' },
  unknown_field: { status: 400, title: 'Unknown field' },
  unsupported_format: { status: 400, title: 'Unsupported format' },
  invalid_params: { status: 400, title: 'Invalid params' },
  params_reserved_key: { status: 400, title: 'Reserved key in params' },
  params_limit_exceeded: { status: 400, title: 'Params limit exceeded' },
  unsupported_pdf_standard: { status: 400, title: 'Unsupported PDF standard' },
  invalid_attachments: { status: 400, title: 'Invalid attachments' },
  template_not_found: { status: 404, title: 'Template not found' },
  invalid_template_version: { status: 400, title: 'Invalid templateVersion' },
  template_version_not_found: { status: 404, title: 'Template version not found' },
  invalid_template_id: { status: 400, title: 'Invalid template ID' },
  invalid_field: { status: 400, title: 'Invalid field' },
  invalid_query: { status: 400, title: 'Invalid query parameter' },
  template_invalid: { status: 400, title: 'Template invalid' },
  template_exists: { status: 409, title: 'Template exists' },
  precondition_failed: { status: 412, title: 'Precondition failed' },
  invalid_asset_path: { status: 400, title: 'Invalid asset path' },
  unsupported_asset_type: { status: 415, title: 'Unsupported asset type' },
  asset_too_large: { status: 413, title: 'Asset too large' },
  asset_not_found: { status: 404, title: 'Asset not found' },
  render_failed: { status: 500, title: 'Render failed' },
  render_timeout: { status: 500, title: 'Render timed out' },
  overloaded: { status: 503, title: 'Overloaded' },
  storage_unavailable: { status: 503, title: 'Storage unavailable' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  malformed_request: { status: 400, title: 'Malformed request' },
  request_timeout: { status: 408, title: 'Request timeout' },
  headers_too_large: { status: 431, title: 'Request header fields too large' },
  internal_error: { status: 500, title: 'Internal server error' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class PlatenError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** extra problem+json members (limit, max, path, field, allowed, ...) */
  readonly extra: Readonly<Record<string, unknown>>;
  /** response headers the error carries (Retry-After, WWW-Authenticate) */
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, detail: string, options: { extra?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PlatenError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}
