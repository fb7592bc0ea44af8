// First start: an empty database gets a demo account, an API key, a dashboard user and the two
// demo templates of fixtures/demo (an invoice and a multi-page report). The key and the user's
// password are shown once, with a curl line that works verbatim.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesDir } from '../paths';
import type { Store } from '../store';

export interface DemoSeed {
  readonly accountId: string;
  readonly key: string;
  readonly keyId: string;
  readonly templates: readonly string[];
  /** the dashboard's demo user; the password is shown once, like the key */
  readonly user: { readonly email: string; readonly password: string };
}

export const DEMO_EMAIL = 'demo@platen.local';

const DEMO_DIR = join(fixturesDir, 'demo');

export const DEMO_TEMPLATES = [
  { id: 'demo-invoice', name: 'Demo invoice', base: 'invoice' },
  { id: 'demo-report', name: 'Demo report (several pages)', base: 'report' },
] as const;

/**
 * Seeds the demo when the database has no account yet; undefined otherwise. The template
 * checks (engine) are imported only when there is something to seed, so a restarted server's
 * HTTP thread does not load the engine.
 */
export async function seedDemoIfEmpty(store: Store): Promise<DemoSeed | undefined> {
  if (store.accounts.count() > 0) return undefined;
  const { addTemplate } = await import('./commands/templates.js');
  const globals = JSON.parse(readFileSync(join(DEMO_DIR, 'globals.json'), 'utf8')) as Record<string, unknown>;
  const seeded = store.db.transaction(() => {
    const account = store.accounts.create({ name: 'Demo', globals });
    const { apiKey, key } = store.apiKeys.create({ accountId: account.id, name: 'demo' });
    for (const t of DEMO_TEMPLATES) {
      addTemplate(store, {
        accountId: account.id, id: t.id, name: t.name,
        htmlFile: join(DEMO_DIR, `${t.base}.html`), cssFile: join(DEMO_DIR, `${t.base}.css`), sampleFile: join(DEMO_DIR, `${t.base}.sample.json`),
      });
    }
    return { accountId: account.id, key, keyId: apiKey.id, templates: DEMO_TEMPLATES.map((t) => t.id) };
  }).immediate();
  const password = randomBytes(12).toString('base64url');
  await store.users.create({ accountId: seeded.accountId, email: DEMO_EMAIL, password });
  return { ...seeded, user: { email: DEMO_EMAIL, password } };
}

/** A shell-safe curl line for the demo invoice (single-quoted JSON; the sample has no `'`). */
export function demoCurl(baseUrl: string, key: string, templateId: string = 'demo-invoice'): string {
  const base = DEMO_TEMPLATES.find((t) => t.id === templateId)?.base ?? 'invoice';
  const params = JSON.parse(readFileSync(join(DEMO_DIR, `${base}.sample.json`), 'utf8')) as Record<string, unknown>;
  const body = JSON.stringify({ templateId, params }).replace(/'/g, "'\\''");
  return `curl -sS -X POST ${baseUrl}/v1/pdf/generate -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' -d '${body}' -o ${base}.pdf`;
}
