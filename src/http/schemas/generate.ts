// The body of POST /v1/pdf/generate: joi for its shape, then the reserved key and the params
// limits, then the PDF's standard and attachments. joi reports every problem (abortEarly:
// false); the one answered is the first in CONTRACT.md's order (6 templateId, 7 unknown field,
// 8 format, then templateVersion, 9 params, 10 global, 11 limits; then 12 pdfStandard,
// 13 attachments), so the answer does not depend on the order of keys in the client's JSON.
import Joi from 'joi';
import { PAGE_FORMATS, type PageFormat } from '../../engine/pageFormats';
import { AF_RELATIONSHIPS, PDF_STANDARDS, pdfStandardFromName, standardAllowsAttachments, type AfRelationship, type PdfStandard } from '../../engine/pdfStandards';
import { PlatenError } from '../../errors';
import { DEFAULT_PARAMS_LIMITS, findParamsLimitBreach, type ParamsLimits } from './paramsLimits';

export const PAGE_FORMAT_NAMES = Object.keys(PAGE_FORMATS) as PageFormat[];
const FORMAT_BY_LOWER = new Map(PAGE_FORMAT_NAMES.map((name) => [name.toLowerCase(), name]));

/** `a4` → `A4`; undefined when not an allowed format. */
export function pageFormatFromName(name: string): PageFormat | undefined {
  return FORMAT_BY_LOWER.get(name.toLowerCase());
}

export interface GenerateRequest {
  readonly templateId: string;
  readonly params: Record<string, unknown>;
  readonly format: PageFormat;
  /** a stored version to render; absent: the latest */
  readonly templateVersion?: number;
  /** PDF/A output; absent: the template's <meta name="pdf-standard">, else plain PDF */
  readonly pdfStandard?: PdfStandard;
  /** files embedded in the PDF, decoded */
  readonly attachments?: readonly RequestAttachment[];
}

export interface RequestAttachment {
  readonly name: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly description?: string;
  readonly relationship?: AfRelationship;
}

/** Limits on `attachments` (the body limit bounds their total size). */
export const ATTACHMENT_LIMITS = { count: 10, name_length: 255, content_type_length: 127, description_length: 1000 } as const;

/** a file name, not a path: no separators, no control characters, not `.` or `..` */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const ATTACHMENT_NAME = /^(?!\.\.?$)[^/\\\u0000-\u001f\u007f]+$/;
/** RFC 6838 §4.2 type/subtype, without parameters */
const MIME_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$/;

const attachmentSchema = Joi.object({
  name: Joi.string().max(ATTACHMENT_LIMITS.name_length).pattern(ATTACHMENT_NAME).required(),
  contentType: Joi.string().max(ATTACHMENT_LIMITS.content_type_length).pattern(MIME_TYPE).required(),
  content: Joi.string().base64({ paddingRequired: true }).required(),
  description: Joi.string().max(ATTACHMENT_LIMITS.description_length),
  relationship: Joi.string().valid(...AF_RELATIONSHIPS),
}).unknown(false);

export const generateBodySchema = Joi.object({
  templateId: Joi.string().min(1).required(),
  format: Joi.string().valid(...PAGE_FORMAT_NAMES).insensitive(),
  params: Joi.object().allow(null),
  templateVersion: Joi.number().integer().min(1).max(Number.MAX_SAFE_INTEGER),
  pdfStandard: Joi.string().valid(...PDF_STANDARDS).insensitive(),
  attachments: Joi.array().items(attachmentSchema).max(ATTACHMENT_LIMITS.count).unique('name'),
}).unknown(false).prefs({ abortEarly: false, convert: false });

/** `attachments[1].content` from joi's path */
function jsonPath(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

const FIELD_ECHO_MAX = 64;

type Problem = { rank: number; error: () => PlatenError };

function toProblem(detail: Joi.ValidationErrorItem): Problem {
  const raw = String(detail.path[0] ?? '');
  // a client's field name is echoed, shortened: an error must not grow with the input
  const field = raw.length > FIELD_ECHO_MAX ? `${Array.from(raw).slice(0, FIELD_ECHO_MAX).join('')}…` : raw;
  if (detail.type === 'object.unknown' && detail.path.length === 1) {
    return { rank: 7, error: () => new PlatenError('unknown_field', `Unknown field "${field}". Allowed fields: templateId, params, format, templateVersion, pdfStandard, attachments.`, { extra: { field } }) };
  }
  switch (field) {
    case 'templateId':
      return { rank: 6, error: () => new PlatenError('template_id_required', '"templateId" is required and must be a non-empty string.') };
    case 'format':
      return { rank: 8, error: () => new PlatenError('unsupported_format', `"format" must be one of ${PAGE_FORMAT_NAMES.join(', ')} (case-insensitive).`, { extra: { allowed: PAGE_FORMAT_NAMES } }) };
    case 'templateVersion':
      return { rank: 8.5, error: () => new PlatenError('invalid_template_version', '"templateVersion" must be a positive integer.') };
    case 'params':
      return { rank: 9, error: () => new PlatenError('invalid_params', '"params" must be a JSON object (or null / absent).') };
    case 'pdfStandard':
      return { rank: 12, error: () => new PlatenError('unsupported_pdf_standard', `"pdfStandard" must be one of ${PDF_STANDARDS.join(', ')} (case-insensitive).`, { extra: { allowed: PDF_STANDARDS } }) };
    case 'attachments':
      return { rank: 13, error: () => attachmentError(detail) };
    default:
      return { rank: 5, error: () => new PlatenError('invalid_json', 'The body must be a JSON object.') };
  }
}

export interface ValidateOptions {
  readonly limits?: ParamsLimits;
}

function attachmentError(detail: Joi.ValidationErrorItem): PlatenError {
  const path = jsonPath(detail.path);
  const what: Record<string, string> = {
    'array.base': '"attachments" must be an array',
    'array.max': `at most ${ATTACHMENT_LIMITS.count} attachments`,
    'array.unique': 'attachment names must be unique',
    'object.base': 'an attachment must be an object {name, contentType, content}',
    'object.unknown': 'unknown attachment field (allowed: name, contentType, content, description, relationship)',
    'any.required': 'required',
    'string.base64': 'must be base64 (RFC 4648 §4, padded)',
    'string.pattern.base': path.endsWith('.name') ? 'must be a file name (no "/", "\\" or control characters)' : 'must be a MIME type such as text/xml',
    'any.only': `must be one of ${AF_RELATIONSHIPS.join(', ')}`,
  };
  const reason = what[detail.type] ?? (detail.type === 'string.max' ? `longer than ${String(detail.context?.limit)} characters` : 'must be a non-empty string');
  return new PlatenError('invalid_attachments', `Invalid attachments at ${path}: ${reason}.`, { extra: { path } });
}

/** Checks 6–13 of the request's order on a parsed JSON object; throws the first failing check's PlatenError. */
export function validateGenerateBody(body: Record<string, unknown>, options: ValidateOptions = {}): GenerateRequest {
  const { error } = generateBodySchema.validate(body);
  const problems = error ? error.details.map(toProblem) : [];
  const first = problems.length ? problems.reduce((a, b) => (b.rank < a.rank ? b : a)) : undefined;
  if (first && first.rank < 10) throw first.error();
  const params = (body.params ?? {}) as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(params, 'global')) {
    throw new PlatenError('params_reserved_key', '"params" may not contain the top-level key "global": it is reserved for the account\'s global variables.', { extra: { key: 'global' } });
  }
  const breach = findParamsLimitBreach(params, options.limits ?? DEFAULT_PARAMS_LIMITS);
  if (breach) {
    throw new PlatenError('params_limit_exceeded', `params exceed the ${breach.limit} limit (max ${breach.max}) at ${breach.path}.`, { extra: { limit: breach.limit, max: breach.max, path: breach.path } });
  }
  if (first) throw first.error();
  const format = typeof body.format === 'string' ? pageFormatFromName(body.format)! : 'A4';
  const pdfStandard = typeof body.pdfStandard === 'string' ? pdfStandardFromName(body.pdfStandard)! : undefined;
  const attachments = body.attachments === undefined ? undefined : decodeAttachments(body.attachments as RawAttachment[], pdfStandard);
  return { templateId: body.templateId as string, params, format, ...(typeof body.templateVersion === 'number' ? { templateVersion: body.templateVersion } : {}), ...(pdfStandard ? { pdfStandard } : {}), ...(attachments?.length ? { attachments } : {}) };
}

interface RawAttachment { name: string; contentType: string; content: string; description?: string; relationship?: AfRelationship }

function decodeAttachments(raw: readonly RawAttachment[], standard: PdfStandard | undefined): RequestAttachment[] {
  if (raw.length && !standardAllowsAttachments(standard)) {
    throw new PlatenError('invalid_attachments', `Invalid attachments at attachments: ${standard} embeds only PDF/A files; use PDF/A-3b to attach other files.`, { extra: { path: 'attachments' } });
  }
  return raw.map((a) => ({
    name: a.name, contentType: a.contentType, data: new Uint8Array(Buffer.from(a.content, 'base64')),
    ...(a.description !== undefined ? { description: a.description } : {}),
    ...(a.relationship !== undefined ? { relationship: a.relationship } : {}),
  }));
}
