// Issue #15's 390×844 screenshots: at a phone's width no dashboard page is wider than the
// screen (wide tables scroll inside their own box; the page itself never scrolls sideways).
import { expect } from 'chai';
import { useBrowserAndServer, seedUser, signIn, watchProblems } from '../helpers/browser';
import { generate } from '../helpers/server';

describe('dashboard: every page fits a 390 px wide screen', function () {
  this.timeout(90_000);
  const env = useBrowserAndServer();


  it('has no page wider than the viewport', async () => {
    const user = await seedUser(env.server.store);
    const accountId = user.account.id;
    env.server.store.templates.create({ accountId, id: 'narrow-letter', name: 'A letter with a rather long name for a phone', html: '<p>{{ who }}</p>', sampleParams: { who: 'Ada' } });
    env.server.store.templates.update(accountId, 'narrow-letter', { html: '<p>Hi {{ who }}</p>' });
    env.server.store.apiKeys.create({ accountId, name: 'a second key with a long name' });
    await generate(env.server, { key: user.key, body: { templateId: 'narrow-letter' } });
    await generate(env.server, { key: user.key, body: { templateId: 'missing-template' } });
    env.server.store.usage.flush();
    const keyId = env.server.store.apiKeys.list(accountId)[0]!.id;

    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    try {
      await page.goto(`${env.server.url}/dashboard/sign-in`);
      const widths: Record<string, number> = { 'sign-in': await page.evaluate('document.documentElement.scrollWidth') as number };
      await signIn(page, env.server, user);
      for (const path of [
        '/dashboard/templates', '/dashboard/templates/new', '/dashboard/templates/narrow-letter', '/dashboard/templates/narrow-letter/versions/1',
        '/dashboard/templates/narrow-letter/delete', '/dashboard/keys', `/dashboard/keys/${keyId}/revoke`, '/dashboard/globals',
        '/dashboard/account', '/dashboard/usage',
      ]) {
        await page.goto(`${env.server.url}${path}`);
        widths[path] = await page.evaluate('document.documentElement.scrollWidth') as number;
        if (path === '/dashboard/usage') {
          // the chart's axis labels stay readable when the chart shrinks to the screen
          const tickHeights = await page.evaluate('[...document.querySelectorAll("#usage-chart .tick")].map((t) => t.getBoundingClientRect().height)') as number[];
          expect(tickHeights.length).to.be.greaterThan(0);
          expect(Math.min(...tickHeights), 'chart label height, px').to.be.at.least(8);
        }
      }
      expect(problems).to.deep.equal([]);
      // the not-found page (its 404 is the console's only message)
      await page.goto(`${env.server.url}/dashboard/no-such-page`);
      widths['not found'] = await page.evaluate('document.documentElement.scrollWidth') as number;
      const tooWide = Object.entries(widths).filter(([, w]) => w > 390);
      expect(tooWide, 'pages wider than 390 px').to.deep.equal([]);
    } finally {
      await context.close();
    }
  });
});
