// Screenshots of every dashboard page at 1280×800 and 390×844 (issue #15: looked at before
// closing). Not a test. Run:
//   npx tsc -p tsconfig.json && node dist/test/dashboard/screenshots.js OUT_DIR
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, seedUser, signIn } from '../helpers/browser';
import { generate, startTestServer } from '../helpers/server';

async function main(out: string): Promise<void> {
  mkdirSync(out, { recursive: true });
  const [browser, server] = await Promise.all([launchBrowser(), startTestServer()]);
  try {
    const user = await seedUser(server.store, { globals: { companyName: 'Acme Ltd' } });
    const accountId = user.account.id;
    server.store.templates.create({ accountId, id: 'letter', name: 'Letter', html: '<h1>Dear {{ who }}</h1>\n<p>The first text.</p>\n<p>{{ global.companyName }}</p>\n', css: 'h1 { color: #900; }\np { margin: 0 0 1em; }\n', sampleParams: { who: 'Ada', items: [1, 2, 3] } });
    server.store.templates.update(accountId, 'letter', { html: '<h1>Hello {{ who }}</h1>\n<p>The second text.</p>\n' });
    // a template that saves with a warning: a `{#` no `#}` closes prints as text
    server.store.templates.create({ accountId, id: 'warned', name: 'Warned', html: '<style>p{#x{color:red}}</style>\n<p id="x">{{ who }}</p>\n', sampleParams: { who: 'Ada' } });
    for (let i = 0; i < 8; i++) server.store.templates.create({ accountId, id: `invoice-${i}`, name: `Invoice ${i}`, html: '<p>{{ n }}</p>' });
    await generate(server, { key: user.key, body: { templateId: 'letter', params: { who: 'Bob' } } });
    await generate(server, { key: user.key, body: { templateId: 'nope' } });
    server.store.usage.flush();
    const keyId = server.store.apiKeys.list(accountId)[0]!.id;
    const pages: [string, string, ((p: Page) => Promise<unknown>)?][] = [
      ['templates', '/dashboard/templates'],
      ['new-template', '/dashboard/templates/new'],
      ['editor', '/dashboard/templates/letter', (p) => p.waitForSelector('#preview-pages canvas.page', { timeout: 20_000 })],
      ['version', '/dashboard/templates/letter/versions/1', (p) => p.waitForSelector('#preview-pages canvas.page', { timeout: 20_000 })],
      ['editor-warning', '/dashboard/templates/warned', (p) => p.waitForSelector('#preview-pages canvas.page', { timeout: 20_000 })],
      ['confirm-delete', '/dashboard/templates/invoice-1/delete'],
      ['keys', '/dashboard/keys'],
      ['confirm-revoke', `/dashboard/keys/${keyId}/revoke`],
      ['globals', '/dashboard/globals'],
      ['account', '/dashboard/account'],
      ['usage', '/dashboard/usage'],
      ['not-found', '/dashboard/nothing-here'],
    ];
    for (const [width, height] of [[1280, 800], [390, 844]] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(`${server.url}/dashboard/sign-in`);
      await page.screenshot({ path: join(out, `sign-in-${width}.png`), fullPage: true });
      await signIn(page, server, user);
      for (const [name, path, ready] of pages) {
        await page.goto(`${server.url}${path}`);
        if (ready) await ready(page);
        // CodeMirror measures an editor's lines once it has been in the window (as a user scrolling
        // down sees it); a full-page capture does not scroll
        for (const host of await page.locator('.cm-host').all()) { await host.scrollIntoViewIfNeeded(); await page.waitForTimeout(150); }
        await page.evaluate('window.scrollTo(0, 0)');
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(out, `${name}-${width}.png`), fullPage: true });
      }
      // a new key: shown once
      await page.goto(`${server.url}/dashboard/keys`);
      await page.fill('input[name="name"]', 'Screenshot key');
      await Promise.all([page.waitForLoadState('load'), page.click('button:has-text("Create key")')]);
      await page.screenshot({ path: join(out, `key-created-${width}.png`), fullPage: true });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main(process.argv[2] ?? 'screenshots').catch((err: unknown) => { console.error(err); process.exit(1); });
