// Templates: Nunjucks HTML + CSS + sample params, owned by one account. The template ID is
// unique across the installation (it is what clients send as `templateId`); a lookup is
// always by (account, ID), so another account's template is simply not found.
import { statement, type Db } from './db';
import { newId, nowIso } from './ids';

/** IDs chosen by users: letters, digits, `_ . -`, up to 128 characters, safe in a filename. */
export const TEMPLATE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export interface Template {
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  readonly html: string;
  readonly css: string;
  readonly sampleParams: Record<string, unknown>;
  /** starts at 1, +1 on every change: the render layer caches compiled templates by (id, version) */
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

interface TemplateRow {
  id: string; account_id: string; name: string; html: string; css: string; sample_params: string; version: number; created_at: string; updated_at: string;
}

function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id, accountId: row.account_id, name: row.name, html: row.html, css: row.css,
    sampleParams: JSON.parse(row.sample_params) as Record<string, unknown>, version: row.version, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

export class TemplateIdTakenError extends Error {
  constructor(id: string) {
    super(`template ID "${id}" is already taken`);
    this.name = 'TemplateIdTakenError';
  }
}

export interface SaveTemplateInput {
  readonly accountId: string;
  readonly id?: string;
  readonly name: string;
  readonly html: string;
  readonly css?: string;
  readonly sampleParams?: Record<string, unknown>;
}

export class TemplateStore {
  constructor(private readonly db: Db) {}

  /**
   * Creates a template, or replaces the content of the account's own template with that ID
   * (version + 1). An ID held by another account is refused.
   */
  save(input: SaveTemplateInput): Template {
    const id = input.id ?? newId('tpl');
    if (!TEMPLATE_ID_PATTERN.test(id)) throw new Error(`template ID "${id}" must match ${TEMPLATE_ID_PATTERN}`);
    const now = nowIso();
    return this.db.transaction(() => {
      const existing = statement(this.db, 'SELECT account_id FROM templates WHERE id = ?').get(id) as { account_id: string } | undefined;
      if (existing && existing.account_id !== input.accountId) throw new TemplateIdTakenError(id);
      if (existing) {
        statement(this.db, 'UPDATE templates SET name = ?, html = ?, css = ?, sample_params = ?, version = version + 1, updated_at = ? WHERE id = ?')
          .run(input.name, input.html, input.css ?? '', JSON.stringify(input.sampleParams ?? {}), now, id);
      } else {
        statement(this.db, 'INSERT INTO templates (id, account_id, name, html, css, sample_params, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)')
          .run(id, input.accountId, input.name, input.html, input.css ?? '', JSON.stringify(input.sampleParams ?? {}), now, now);
      }
      return this.getAny(id)!;
    }).immediate();
  }

  /** The account's template with that ID; another account's is undefined too. */
  get(accountId: string, id: string): Template | undefined {
    const row = statement(this.db, 'SELECT * FROM templates WHERE id = ? AND account_id = ?').get(id, accountId) as TemplateRow | undefined;
    return row && toTemplate(row);
  }

  /** Administrative lookup (CLI), regardless of account. */
  getAny(id: string): Template | undefined {
    const row = statement(this.db, 'SELECT * FROM templates WHERE id = ?').get(id) as TemplateRow | undefined;
    return row && toTemplate(row);
  }

  list(accountId: string): Template[] {
    return (statement(this.db, 'SELECT * FROM templates WHERE account_id = ? ORDER BY created_at, id').all(accountId) as TemplateRow[]).map(toTemplate);
  }

  remove(id: string): boolean {
    return statement(this.db, 'DELETE FROM templates WHERE id = ?').run(id).changes === 1;
  }
}
