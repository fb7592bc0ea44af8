// The body of POST /v1/pdf/generate: joi for its shape, then the reserved key and the params
// limits. joi reports every problem (abortEarly: false); the one answered is the first in
// CONTRACT.md's order (6 templateId, 7 unknown field, 8 format, then templateVersion, 9 params, 10 global, 11 limits),
// so the answer does not depend on the order of keys in the client's JSON.
import Joi from 'joi';
import { PAGE_FORMATS, type PageFormat } from '../../engine/pageFormats';
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
}

export const generateBodySchema = Joi.object({
  templateId: Joi.string().min(1).required(),
  format: Joi.string().valid(...PAGE_FORMAT_NAMES).insensitive(),
  params: Joi.object().allow(null),
  templateVersion: Joi.number().integer().min(1).max(Number.MAX_SAFE_INTEGER),
}).unknown(false).prefs({ abortEarly: false, convert: false });

const FIELD_ECHO_MAX = 64;

type Problem = { rank: number; error: () => PlatenError };

function toProblem(detail: Joi.ValidationErrorItem): Problem {
  const raw = String(detail.path[0] ?? '');
  // a client's field name is echoed, shortened: an error must not grow with the input
  const field = raw.length > FIELD_ECHO_MAX ? `${Array.from(raw).slice(0, FIELD_ECHO_MAX).join('')}…` : raw;
  if (detail.type === 'object.unknown') {
    return { rank: 7, error: () => new PlatenError('unknown_field', `Unknown field "${field}". Allowed fields: templateId, params, format, templateVersion.`, { extra: { field } }) };
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
    default:
      return { rank: 5, error: () => new PlatenError('invalid_json', 'The body must be a JSON object.') };
  }
}

export interface ValidateOptions {
  readonly limits?: ParamsLimits;
}

/** Checks 6–11 of CONTRACT.md on a parsed JSON object; throws the first failing check's PlatenError. */
export function validateGenerateBody(body: Record<string, unknown>, options: ValidateOptions = {}): GenerateRequest {
  const { error } = generateBodySchema.validate(body);
  if (error) {
    const first = error.details.map(toProblem).reduce((a, b) => (b.rank < a.rank ? b : a));
    throw first.error();
  }
  const params = (body.params ?? {}) as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(params, 'global')) {
    throw new PlatenError('params_reserved_key', '"params" may not contain the top-level key "global": it is reserved for the account\'s global variables.', { extra: { key: 'global' } });
  }
  const breach = findParamsLimitBreach(params, options.limits ?? DEFAULT_PARAMS_LIMITS);
  if (breach) {
    throw new PlatenError('params_limit_exceeded', `params exceed the ${breach.limit} limit (max ${breach.max}) at ${breach.path}.`, { extra: { limit: breach.limit, max: breach.max, path: breach.path } });
  }
  const format = typeof body.format === 'string' ? pageFormatFromName(body.format)! : 'A4';
  return { templateId: body.templateId as string, params, format, ...(typeof body.templateVersion === 'number' ? { templateVersion: body.templateVersion } : {}) };
}
