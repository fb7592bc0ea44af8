// A real Chromium for the dashboard's end-to-end tests: Debian's /usr/bin/chromium (PLATEN_CHROMIUM
// to use another), headless, driven by playwright-core. One browser per test file; each test
// takes its own context (cookies) from it.
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Store } from '../../src/store';
import { seedAccount, startTestServer, type SeededAccount, type TestServer } from './server';

export const CHROMIUM = process.env.PLATEN_CHROMIUM ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** A Chromium and a test server for the enclosing `describe`: started together in its `before`
 *  hook, closed in its `after` hook. Read them in hooks and tests, once `before` has run. */
export function useBrowserAndServer(): { readonly browser: Browser; readonly server: TestServer } {
  const held = {} as { browser: Browser; server: TestServer };
  before(async () => {
    [held.browser, held.server] = await Promise.all([launchBrowser(), startTestServer()]);
  });
  after(async () => {
    await held.browser?.close();
    await held.server?.close();
  });
  return held;
}

export interface SeededUser extends SeededAccount {
  readonly email: string;
  readonly password: string;
}

let users = 0;

/** An account with an API key and a dashboard user. */
export async function seedUser(store: Store, options: { name?: string; globals?: Record<string, unknown> } = {}): Promise<SeededUser> {
  const seeded = seedAccount(store, options);
  const email = `user${++users}-${seeded.account.id.slice(4, 10).toLowerCase()}@example.test`;
  const password = 'correct horse battery staple';
  await store.users.create({ accountId: seeded.account.id, email, password });
  return { ...seeded, email, password };
}

/** Problems the page reported: script errors, CSP violations, failed loads. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  return problems;
}

export async function signIn(page: Page, server: TestServer, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${server.url}/dashboard/templates`);
  await page.fill('#email', user.email);
  await page.fill('#password', user.password);
  await Promise.all([page.waitForURL('**/dashboard/templates'), page.click('form button[type=submit]')]);
}

/** Replaces the text of the CodeMirror editor of a form field by typing-free insertion. */
export async function setEditor(page: Page, field: string, text: string): Promise<void> {
  const content = page.locator(`.cm-content[data-field="${field}"]`);
  await content.click();
  await page.keyboard.press('Control+A');
  // emptied first: text inserted over a highlighted span would take that span's inline style
  // from Chromium's editing, which the Content-Security-Policy refuses
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(text);
}

/**
 * Waits for the preview of the draft whose request carries every one of TEXTS to be drawn, and
 * gives its status line. Call it before the edits: the page previews on load and after each edit,
 * so a drawn page alone may be an earlier draft's.
 */
export function previewDrawn(page: Page, texts: readonly string[]): Promise<string> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/dashboard/api/preview') && texts.every((t) => (r.request().postData() ?? '').includes(t)), { timeout: 20_000 });
  return answered.then(async () => {
    await page.waitForSelector('section.preview:not([aria-busy])', { timeout: 20_000 });
    return (await page.textContent('#preview-status')) ?? '';
  });
}

/** Whether the focused element, looked for inside shadow roots too (the editors), matches SELECTOR. */
const FOCUSED_MATCHES = `(() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  return !!el && el.matches(SELECTOR);
})()`;

/** Presses Tab until the focused element matches `selector` (at most `max` times); the keyboard alone. */
export async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  let navigations = 0;
  for (let i = 0; i < max; i++) {
    let focused: unknown;
    try {
      focused = await page.evaluate(FOCUSED_MATCHES.replace('SELECTOR', JSON.stringify(selector)));
    } catch (err) {
      // a navigation started by the previous key may still be finishing: ask again once it has
      if (!/Execution context was destroyed/.test(String(err)) || ++navigations > 5) throw err;
      await page.waitForLoadState('load');
      i--;
      continue;
    }
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}
