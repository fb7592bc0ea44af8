// The template editor in a real Chromium: a save's problems marked at their lines in the
// CodeMirror editors (syntax errors, blocked names, invalid JSON; the engine's warnings on the
// CSS), and an older version viewed read-only with its drawn PDF, then restored.
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowserAndServer, seedUser, setEditor, signIn, watchProblems, type SeededUser } from '../helpers/browser';

/** The 1-based lines of the editor of FIELD that carry a lint range of SEVERITY, and their messages' count in the gutter. */
async function markedLines(page: Page, field: string, severity: 'error' | 'warning'): Promise<number[]> {
  const lines = page.locator(`.cm-content[data-field="${field}"] .cm-line`);
  await lines.first().waitFor();
  return lines.evaluateAll((els, cls) => els.flatMap((el, i) => (el.querySelector(`.${cls}`) ? [i + 1] : [])), `cm-lintRange-${severity}`);
}

describe('dashboard: the template editor in Chromium', function () {
  this.timeout(60_000);
  const env = useBrowserAndServer();
  let user: SeededUser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  before(async () => {
    user = await seedUser(env.server.store);
  });
  beforeEach(async () => {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    problems = watchProblems(page);
    await signIn(page, env.server, user);
  });
  afterEach(async () => {
    await context?.close();
  });

  it('marks a refused save\'s problems at their lines, and a saved one\'s engine warnings', async () => {
    await page.goto(`${env.server.url}/dashboard/templates/new`);
    await page.fill('#name', 'Marked');
    await page.fill('#id', 'marked');
    // a Nunjucks syntax error on line 3, invalid JSON on line 2 of the sample
    await setEditor(page, 'html', '<h1>Title</h1>\n<p>ok</p>\n{% if %}\n<p>after</p>\n');
    await setEditor(page, 'sample', '{\n  "a": nope\n}');
    await page.click('button:has-text("Create template")');
    await page.waitForSelector('#problem-list');
    expect(await page.textContent('#problems-title')).to.equal('Not saved: 2 problems');
    expect(await markedLines(page, 'html', 'error')).to.deep.equal([3]);
    expect(await markedLines(page, 'sample', 'error')).to.deep.equal([2]);
    expect(await page.locator('#problem-list li').allTextContents()).to.satisfy((items: string[]) =>
      items.some((t) => /HTML, line 3, column \d+: /.test(t)) && items.some((t) => /Sample params, line 2, column 8: Sample params are not valid JSON/.test(t)));
    expect(env.server.store.templates.get(user.account.id, 'marked')).to.equal(undefined);

    // a blocked name on line 2 (the JSON fixed)
    await setEditor(page, 'html', '<h1>Title</h1>\n<p>{{ x.constructor }}</p>\n');
    await setEditor(page, 'sample', '{ "x": 1 }');
    await page.click('button:has-text("Create template")');
    await page.waitForSelector('#problem-list li[data-severity="error"]');
    expect(await page.locator('#problem-list li').allTextContents()).to.have.length(1);
    expect(await page.textContent('#problem-list li')).to.match(/line 2, column \d+: the property "constructor" is blocked/);
    expect(await markedLines(page, 'html', 'error')).to.deep.equal([2]);
    expect(await markedLines(page, 'sample', 'error')).to.deep.equal([]);

    // saved: the engine's warning on the CSS is marked at its line, and the save went through
    await setEditor(page, 'html', '<p>{{ x }}</p>\n');
    await setEditor(page, 'css', 'p { color: red; }\np {\n  colr: blue;\n}\n');
    await page.click('button:has-text("Create template")');
    await page.waitForSelector('#problem-list li[data-severity="warning"]');
    expect(await page.textContent('p.notice')).to.contain('Saved as version 1');
    expect(await page.textContent('#problems-title')).to.equal('Warnings');
    expect(await markedLines(page, 'css', 'warning')).to.deep.equal([3]);
    expect(env.server.store.templates.get(user.account.id, 'marked')?.css).to.contain('colr');
    // the refused saves' 422 answers are the only console errors
    expect(problems.filter((p) => !/status of 422/.test(p))).to.deep.equal([]);
    expect(problems).to.have.length(2);
  });

  it('shows an older version read-only with its PDF drawn, and restores it', async () => {
    const accountId = user.account.id;
    env.server.store.templates.create({ accountId, id: 'letter', name: 'Letter', html: '<h1>Dear {{ who }}</h1>\n<p>The first text.</p>\n', css: 'h1 { color: #900; }', sampleParams: { who: 'Ada' } });
    env.server.store.templates.update(accountId, 'letter', { html: '<h1>Hello {{ who }}</h1>\n<p>The second text.</p>\n' });
    await page.goto(`${env.server.url}/dashboard/templates/letter`);
    await Promise.all([page.waitForURL('**/dashboard/templates/letter/versions/1'), page.click('a[aria-label="View version 1"]')]);
    expect(await page.textContent('h1')).to.contain('Letter · version 1');
    expect(await page.locator('.cm-content[data-field="html"]').textContent()).to.contain('The first text.');
    expect(await page.locator('.cm-content[data-field="html"]').getAttribute('aria-readonly')).to.equal('true');
    // typing into the read-only editor changes nothing
    await page.locator('.cm-content[data-field="html"]').click();
    await page.keyboard.type('typed');
    expect(await page.locator('.cm-content[data-field="html"]').textContent()).to.not.contain('typed');
    await page.waitForSelector('#preview-pages[data-pages="1"]', { timeout: 20_000 });
    expect(await page.textContent('#preview-status')).to.match(/^1 page, \d+ ms$/);
    expect(await page.locator('#preview-pages canvas.page').count()).to.equal(1);

    await Promise.all([page.waitForURL('**/dashboard/templates/letter?saved=3&restored=1'), page.click('button:has-text("Restore version 1")')]);
    expect(await page.textContent('p.notice')).to.contain('Restored version 1');
    expect(await page.locator('.cm-content[data-field="html"]').textContent()).to.contain('The first text.');
    expect(env.server.store.templates.get(accountId, 'letter')).to.include({ version: 3, html: '<h1>Dear {{ who }}</h1>\n<p>The first text.</p>\n' });
    expect(problems).to.deep.equal([]);
  });

  it('an older version\'s read-only sample params: each line number sits beside its line, none overlapping', async () => {
    const accountId = user.account.id;
    const sampleParams = { who: 'Ada', items: [1, 2, 3, 4, 5, 6], nested: { a: true, b: null } };
    env.server.store.templates.create({ accountId, id: 'gutter', name: 'Gutter', html: '<p>{{ who }}</p>', sampleParams });
    env.server.store.templates.update(accountId, 'gutter', { html: '<p>Hi {{ who }}</p>' });
    await page.goto(`${env.server.url}/dashboard/templates/gutter/versions/1`);
    const editor = page.locator('.editor[data-lang="json"] .cm-host');
    // CodeMirror measures its lines once it is in the window (before that, line numbers stand at an estimated 14px height)
    await editor.scrollIntoViewIfNeeded();
    const measure = () => editor.evaluate((host) => {
      const root = host.shadowRoot!;
      const rect = (e: { getBoundingClientRect(): { top: number; bottom: number } }) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; };
      const numbers = [...root.querySelectorAll('.cm-lineNumbers .cm-gutterElement')].filter((e) => /^\d+$/.test(e.textContent ?? ''));
      return { numbers: numbers.map((e) => ({ n: Number(e.textContent), ...rect(e) })), lines: [...root.querySelectorAll('.cm-line')].map(rect) };
    });
    // the measurement lands a frame or two after the scroll
    let boxes = await measure();
    for (let tries = 0; tries < 20 && Math.abs((boxes.numbers[0]?.bottom ?? 0) - (boxes.lines[0]?.bottom ?? 0)) >= 1; tries++) {
      await page.waitForTimeout(100);
      boxes = await measure();
    }
    expect(boxes.lines.length, 'lines drawn').to.be.greaterThan(5);
    for (const [i, line] of boxes.lines.entries()) {
      const number = boxes.numbers.find((b) => b.n === i + 1);
      expect(number, `line number ${i + 1}`).to.not.equal(undefined);
      expect(Math.abs(number!.top - line.top), `line ${i + 1}: its number's top vs the line's`).to.be.lessThan(1);
      expect(Math.abs(number!.bottom - line.bottom), `line ${i + 1}: its number's bottom vs the line's`).to.be.lessThan(1);
      const next = boxes.numbers.find((b) => b.n === i + 2);
      if (next) expect(next.top, `numbers ${i + 1} and ${i + 2} do not overlap`).to.be.at.least(number!.bottom - 0.5);
    }
    expect(problems).to.deep.equal([]);
  });
});
