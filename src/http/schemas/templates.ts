// Bodies of the templates API and the draft preview. Each field is checked by hand so the
// answer names it: unknown_field, invalid_field (with `field`), invalid_template_id, and
// params_limit_exceeded for sampleParams (the same limits as a render's params, since the
// sample is rendered on save).
import { PlatenError } from '../../errors';
import { TEMPLATE_ID_PATTERN } from '../../store';
import { pageFormatFromName, PAGE_FORMAT_NAMES } from './generate';
import { DEFAULT_PARAMS_LIMITS, findParamsLimitBreach } from './paramsLimits';
import type { PageFormat } from '../../engine/pageFormats';

export const MAX_TEMPLATE_NAME_LENGTH = 200;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function refuseUnknown(body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) {
      const field = key.length > 64 ? `${Array.from(key).slice(0, 64).join('')}…` : key;
      throw new PlatenError('unknown_field', `Unknown field "${field}". Allowed fields: ${allowed.join(', ')}.`, { extra: { field } });
    }
  }
}

function invalid(field: string, what: string): PlatenError {
  return new PlatenError('invalid_field', `"${field}" ${what}.`, { extra: { field } });
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(field, 'must be a string');
  return v;
}

function name(body: Record<string, unknown>, required: boolean): string | undefined {
  const v = optionalString(body, 'name');
  if (v === undefined) { if (required) throw invalid('name', 'is required'); return undefined; }
  if (v.trim() === '' || v.length > MAX_TEMPLATE_NAME_LENGTH) throw invalid('name', `must be 1–${MAX_TEMPLATE_NAME_LENGTH} characters, not blank`);
  return v;
}

/** A params-like object (sampleParams, params): an object, `null` = absent, no `global`, within the limits. */
export function paramsField(body: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) {
    if (field === 'params') throw new PlatenError('invalid_params', '"params" must be a JSON object (or null / absent).');
    throw invalid(field, 'must be a JSON object');
  }
  if (has(v, 'global')) throw new PlatenError('params_reserved_key', `"${field}" may not contain the top-level key "global": it is reserved for the account's global variables.`, { extra: { key: 'global' } });
  const breach = findParamsLimitBreach(v, DEFAULT_PARAMS_LIMITS);
  if (breach) {
    const path = breach.path.replace(/^params/, field);
    throw new PlatenError('params_limit_exceeded', `${field} exceed the ${breach.limit} limit (max ${breach.max}) at ${path}.`, { extra: { limit: breach.limit, max: breach.max, path } });
  }
  return v;
}

/** A client-chosen template ID: URL-safe, at most 64 characters. */
export function checkTemplateId(id: string): string {
  if (!TEMPLATE_ID_PATTERN.test(id)) {
    throw new PlatenError('invalid_template_id', 'A template ID is 1–64 characters of A–Z a–z 0–9 _ . - and starts with a letter or digit.', { extra: { pattern: TEMPLATE_ID_PATTERN.source } });
  }
  return id;
}

export interface CreateTemplateBody {
  readonly id?: string;
  readonly name: string;
  readonly html: string;
  readonly css: string;
  readonly sampleParams: Record<string, unknown>;
}

export function validateCreateBody(body: Record<string, unknown>): CreateTemplateBody {
  refuseUnknown(body, ['id', 'name', 'html', 'css', 'sampleParams']);
  const id = optionalString(body, 'id');
  if (id !== undefined) checkTemplateId(id);
  const html = optionalString(body, 'html');
  if (html === undefined) throw invalid('html', 'is required');
  return { ...(id !== undefined ? { id } : {}), name: name(body, true)!, html, css: optionalString(body, 'css') ?? '', sampleParams: paramsField(body, 'sampleParams') ?? {} };
}

export interface UpdateTemplateBody {
  /** absent: keeps the current name */
  readonly name?: string;
  readonly html: string;
  readonly css: string;
  readonly sampleParams: Record<string, unknown>;
}

/** PUT replaces the content: `css` and `sampleParams` left out become empty; `name` left out is kept. */
export function validateUpdateBody(body: Record<string, unknown>): UpdateTemplateBody {
  refuseUnknown(body, ['name', 'html', 'css', 'sampleParams']);
  const html = optionalString(body, 'html');
  if (html === undefined) throw invalid('html', 'is required');
  const n = name(body, false);
  return { ...(n !== undefined ? { name: n } : {}), html, css: optionalString(body, 'css') ?? '', sampleParams: paramsField(body, 'sampleParams') ?? {} };
}

export interface PreviewBody {
  readonly html: string;
  readonly css: string;
  readonly params: Record<string, unknown>;
  readonly format: PageFormat;
  readonly assetsFrom?: string;
}

export function validatePreviewBody(body: Record<string, unknown>): PreviewBody {
  refuseUnknown(body, ['html', 'css', 'params', 'format', 'assetsFrom']);
  const html = optionalString(body, 'html');
  if (html === undefined) throw invalid('html', 'is required');
  const css = optionalString(body, 'css') ?? '';
  let format: PageFormat = 'A4';
  if (body.format !== undefined) {
    const f = typeof body.format === 'string' ? pageFormatFromName(body.format) : undefined;
    if (!f) throw new PlatenError('unsupported_format', `"format" must be one of ${PAGE_FORMAT_NAMES.join(', ')} (case-insensitive).`, { extra: { allowed: PAGE_FORMAT_NAMES } });
    format = f;
  }
  const params = paramsField(body, 'params') ?? {};
  const assetsFrom = optionalString(body, 'assetsFrom');
  return { html, css, params, format, ...(assetsFrom !== undefined ? { assetsFrom } : {}) };
}
