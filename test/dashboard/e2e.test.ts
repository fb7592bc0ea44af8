// The dashboard end to end in a real Chromium against the real app on a real port: the issue's
// eight steps with the mouse, then a whole flow with the keyboard only. One browser for the file.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { useBrowserAndServer, previewDrawn, seedUser, setEditor, signIn, tabTo, watchProblems, type SeededUser } from '../helpers/browser';
import { parsePdf } from '../helpers/pdf';
import { generate } from '../helpers/server';

const HTML = '<h1>Invoice for {{ customer }}</h1>\n<p>Issued by {{ global.companyName }}</p>\n';
const SAMPLE = '{ "customer": "Ada" }';

/** Pixels of a canvas that are not white: a drawn page has some. */
async function inkOf(page: Page, selector: string): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a canvas in the page (the tests have no DOM types)
  return page.$eval(selector, (canvas: any) => {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data as Uint8ClampedArray;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
    return ink;
  });
}

describe('dashboard: end to end in Chromium', function () {
  this.timeout(60_000);
  const env = useBrowserAndServer();


  it('signs in, creates a template with a live preview, issues a key, edits globals, revokes, counts usage, signs out', async () => {
    const user: SeededUser = await seedUser(env.server.store, { globals: { companyName: 'Initech' } });
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);

    // 1. sign in (a page without a session first goes to sign-in)
    await signIn(page, env.server, user);
    expect(await page.locator('h1').textContent()).to.equal('Templates');

    // 2. create a template; its ID shows in the "template ID" column
    await page.click('text=New template');
    await page.fill('#name', 'E2E invoice');
    await page.fill('#id', 'e2e-invoice');
    const drawn = previewDrawn(page, ['Invoice for', 'Ada']);
    await setEditor(page, 'html', HTML);
    await setEditor(page, 'sample', SAMPLE);

    // 3. the preview draws the draft's pages with pdf.js
    expect(await drawn).to.match(/^1 page, \d+ ms$/);
    expect(await page.getAttribute('#preview-pages', 'data-pages')).to.equal('1');
    expect(await page.locator('#preview-pages canvas.page').count()).to.equal(1);
    expect(await inkOf(page, '#preview-pages canvas.page')).to.be.greaterThan(100);

    await Promise.all([page.waitForURL('**/dashboard/templates/e2e-invoice?saved=1'), page.click('button:has-text("Create template")')]);
    await page.click('nav >> text=Templates');
    const headers = await page.locator('table.list thead th').allTextContents();
    const idColumn = headers.findIndex((h) => h.trim().startsWith('template ID'));
    expect(idColumn).to.be.at.least(0);
    const row = page.locator('tbody tr', { hasText: 'E2E invoice' });
    expect((await row.locator('td').nth(idColumn).textContent())!).to.contain('e2e-invoice');

    // 4. create a key and render the template with it
    await page.click('nav >> text=API keys');
    await page.fill('#key-name', 'e2e client');
    await page.click('button:has-text("Create key")');
    const key = await page.inputValue('#new-key');
    expect(key).to.match(/^plt_/);
    expect(await page.locator('.key-once .warning').textContent()).to.contain('shown this once');
    const first = await generate(env.server, { key, body: { templateId: 'e2e-invoice', params: { customer: 'Bob' } } });
    expect(first.status).to.equal(200);
    const firstText = (await parsePdf(first.bytes)).text;
    expect(firstText).to.contain('Invoice for Bob');
    expect(firstText).to.contain('Initech');

    // 5. edit the global variables: the next PDF shows the change
    await page.click('nav >> text=Global variables');
    await setEditor(page, 'globals', '{ "companyName": "Globex 42" }');
    await Promise.all([page.waitForURL('**/dashboard/globals?saved=1'), page.click('button:has-text("Save global variables")')]);
    const second = await generate(env.server, { key, body: { templateId: 'e2e-invoice', params: { customer: 'Bob' } } });
    expect((await parsePdf(second.bytes)).text).to.contain('Globex 42');

    // 6. revoke the key (after a confirmation): 401 at once
    await page.click('nav >> text=API keys');
    await page.click('tr:has-text("e2e client") >> text=Revoke…');
    expect(await page.locator('h1').textContent()).to.contain('Revoke');
    await Promise.all([page.waitForURL('**/dashboard/keys?revoked=*'), page.click('button:has-text("Revoke key")')]);
    expect((await generate(env.server, { key, body: { templateId: 'e2e-invoice' } })).status).to.equal(401);

    // 7. the renders are counted in the usage chart (today's bar)
    await page.click('nav >> text=Usage');
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.getAttribute(`#usage-chart g.day[data-day="${today}"]`, 'data-total')).to.equal('2');
    expect(await page.locator('#usage-chart g.day rect').count()).to.be.greaterThan(0);
    expect(await page.textContent('#renders-total')).to.equal('2');

    // 8. sign out: the pages need signing in again
    await Promise.all([page.waitForURL('**/dashboard/sign-in?signed-out=1'), page.click('button:has-text("Sign out")')]);
    await page.goto(`${env.server.url}/dashboard/templates`);
    expect(page.url()).to.contain('/dashboard/sign-in');

    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('works with the keyboard alone: sign in, create a template, create and revoke a key, sign out', async () => {
    const user = await seedUser(env.server.store);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const kb = page.keyboard;

    await page.goto(`${env.server.url}/dashboard`);
    await tabTo(page, '#email');
    await kb.type(user.email);
    await kb.press('Tab');
    await kb.type(user.password);
    await Promise.all([page.waitForURL('**/dashboard/templates'), kb.press('Enter')]);

    await tabTo(page, 'a[href="/dashboard/templates/new"]');
    await Promise.all([page.waitForURL('**/dashboard/templates/new'), kb.press('Enter')]);
    await tabTo(page, '#name');
    await kb.type('Keyboard template');
    await kb.press('Tab');
    await kb.type('kb-template');
    await tabTo(page, '.cm-content[data-field="html"]');
    await kb.press('Control+A');
    await kb.type('<p>Typed by {{ who }}</p>');
    await kb.press('Tab'); // leaves the HTML editor for the CSS one
    await tabTo(page, '.cm-content[data-field="sample"]', 3);
    await kb.press('Control+A');
    await kb.type('{"who": "keys"}');
    await tabTo(page, 'button[type=submit].primary', 10);
    await Promise.all([page.waitForURL('**/dashboard/templates/kb-template?saved=1'), kb.press('Enter')]);
    expect(env.server.store.templates.get(user.account.id, 'kb-template')?.html).to.equal('<p>Typed by {{ who }}</p>');

    await tabTo(page, 'nav a[href="/dashboard/keys"]');
    await Promise.all([page.waitForURL('**/dashboard/keys'), kb.press('Enter')]);
    await tabTo(page, '#key-name');
    await kb.type('keyboard key');
    await kb.press('Enter');
    await page.waitForSelector('#new-key');
    const key = await page.inputValue('#new-key');
    expect((await generate(env.server, { key, body: { templateId: 'kb-template', params: { who: 'keys' } } })).status).to.equal(200);
    await tabTo(page, 'a.button[href="/dashboard/keys"]');
    await Promise.all([page.waitForURL('**/dashboard/keys'), kb.press('Enter')]);
    await tabTo(page, 'a[aria-label="Revoke key keyboard key"]');
    await Promise.all([page.waitForURL('**/revoke'), kb.press('Enter')]);
    // the confirmation's button has the focus
    await tabTo(page, 'button.danger', 1);
    await Promise.all([page.waitForURL('**/dashboard/keys?revoked=*'), kb.press('Enter')]);
    expect((await generate(env.server, { key, body: { templateId: 'kb-template' } })).status).to.equal(401);

    await tabTo(page, 'form.sign-out button');
    await Promise.all([page.waitForURL('**/dashboard/sign-in?signed-out=1'), kb.press('Enter')]);
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
