// Attack suite, template code (issue #5). Nunjucks is not a sandbox; Platen blocks the known
// escapes twice: checkTemplate() refuses them when a template is saved, and the runtime's
// lookups return undefined for blocked names. These tests store each payload directly (past
// the save-time check, as a template saved by an older version or edited in the database would
// be) and render it through the real app: it must neither run code nor leak. A secret in this
// process's environment stands for everything code could reach.
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { checkTemplate } from '../../src/template';
import { parsePdf } from '../helpers/pdf';
import { generate, seedAccount, startTestServer, type SeededAccount, type TestServer } from '../helpers/server';

const SECRET = `ENVSECRET${randomBytes(8).toString('hex').toUpperCase()}`;

describe('attack: template code cannot run or leak (real app)', function () {
  this.timeout(20_000);
  let server: TestServer;
  let account: SeededAccount;
  let n = 0;
  before(async () => {
    process.env.PLATEN_TEST_SECRET = SECRET;
    server = await startTestServer();
    account = seedAccount(server.store);
  });
  after(async () => {
    delete process.env.PLATEN_TEST_SECRET;
    delete (globalThis as Record<string, unknown>).platenPwned;
    await server.close();
  });

  async function renderRaw(html: string, params: Record<string, unknown> | string = {}): Promise<{ status: number; text: string; code?: string }> {
    const id = `tpl-${++n}`;
    server.store.templates.save({ accountId: account.account.id, id, name: id, html });
    const raw = typeof params === 'string' ? `{"templateId":"${id}","params":${params}}` : JSON.stringify({ templateId: id, params });
    const answer = await generate(server, { key: account.key, raw });
    expect([200, 500], answer.bytes.toString('utf8').slice(0, 300)).to.include(answer.status);
    if (answer.status === 500) {
      expect(answer.json.code).to.equal('render_failed');
      expect(JSON.stringify(answer.json)).not.to.include(SECRET);
      return { status: 500, text: '', code: 'render_failed' };
    }
    return { status: 200, text: (await parsePdf(answer.bytes)).text };
  }

  const escapes: [string, string][] = [
    ['range.constructor("return process")()', '<p>{{ range.constructor("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['cycler.constructor', '<p>{{ cycler.constructor("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['joiner.constructor', '<p>{{ joiner.constructor("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['["constructor"] subscript', '<p>{{ range["constructor"]("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ["['constructor'] with single quotes", "<p>{{ joiner['constructor']('return process.env.PLATEN_TEST_SECRET')() }}</p>"],
    ['a name computed at run time', '{% set c = "constr" + "uctor" %}<p>{{ range[c]("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['a name joined by a filter', '{% set c = ["con", "structor"] | join("") %}<p>{{ range[c]("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['a name from a param', '<p>{{ range[name]("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['a string literal\'s constructor.constructor', '<p>{{ "x".constructor.constructor("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['an array literal\'s constructor', '<p>{{ [].constructor.constructor("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['an object literal\'s __proto__', '<p>{{ ({}).__proto__.constructor.constructor("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['__proto__ subscript', '<p>{{ range["__proto__"]["constructor"]("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['prototype', '<p>{{ range.prototype }}{{ range["prototype"] }}</p>'],
    ['__lookupGetter__ / __defineGetter__', '<p>{{ range.__lookupGetter__("x") }}{{ range.__defineGetter__("y", range) }}</p>'],
    ['a filter\'s constructor via a set variable', '{% set f = joiner() %}<p>{{ f.constructor("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['a macro\'s constructor', '{% macro m() %}x{% endmacro %}<p>{{ m.constructor("return process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['caller', '{% macro m() %}{{ caller.constructor("return process.env.PLATEN_TEST_SECRET")() }}{% endmacro %}{% call m() %}x{% endcall %}'],
    ['setting a global to run code', '<p>{{ range.constructor("globalThis.platenPwned = process.env.PLATEN_TEST_SECRET")() }}</p>'],
    ['a loop over a function\'s members', '{% for k, v in range %}{{ k }}={{ v }};{% endfor %}<p>done</p>'],
    ['dump of the context', '<p>{{ global | dump }}{{ range | dump }}</p>'],
  ];
  for (const [name, html] of escapes) {
    it(`${name}: no code runs, nothing leaks`, async () => {
      const r = await renderRaw(html, { name: 'constructor' });
      expect(r.text).not.to.include(SECRET);
      expect((globalThis as Record<string, unknown>).platenPwned).to.equal(undefined);
    });
    it(`${name}: refused when saved`, () => {
      if (name === 'a name computed at run time' || name === 'a name joined by a filter' || name === 'a name from a param'
        || name === 'a loop over a function\'s members' || name === 'dump of the context') return; // only the run-time wall applies
      const problems = checkTemplate(html);
      expect(problems.map((p) => p.code)).to.include.oneOf(['template-blocked-name', 'template-syntax']);
    });
  }

  it('include / import / extends are refused when saved and do not read files at run time', async () => {
    for (const html of ['{% include "/etc/passwd" %}', '{% import "../../package.json" as p %}', '{% extends "file:///etc/hostname" %}', '{% from "x" import y %}']) {
      expect(checkTemplate(html).map((p) => p.code)).to.include('template-include-refused');
      const r = await renderRaw(`<p>before</p>${html}`);
      expect(r.text).not.to.match(/root:|"name": "platen"/);
    }
  });

  it('a param "{{ 7*7 }}" renders as that text, not 49', async () => {
    const r = await renderRaw('<p>v={{ v }}</p><p>w={{ w | safe }}</p>', { v: '{{ 7*7 }}', w: '{% raw %}{{ 7*7 }}{% endraw %}{{ range.constructor }}' });
    expect(r.status).to.equal(200);
    expect(r.text).to.include('v={{ 7*7 }}');
    expect(r.text).not.to.include('v=49');
    expect(r.text).to.include('{% raw %}');
  });

  it('a param holding HTML is escaped (autoescape), so it cannot add <img src=...>', async () => {
    const r = await renderRaw('<p>{{ v }}</p>', { v: '<img src="file:///etc/passwd"><b>bold</b>' });
    expect(r.text).to.include('<img src="file:///etc/passwd"><b>bold</b>');
  });

  it('__proto__ keys in params do not pollute prototypes or change lookups', async () => {
    const params = '{"__proto__":{"polluted":"yes","isAdmin":true},"a":{"__proto__":{"polluted":"deep"},"b":1},"constructor":{"prototype":{"polluted":"c"}},"list":[{"__proto__":{"polluted":"arr"}}]}';
    const r = await renderRaw('<p>p=[{{ polluted }}] a=[{{ a.polluted }}] ab=[{{ a.b }}] adm=[{{ isAdmin }}] l=[{{ list[0].polluted }}] o=[{{ {}.polluted }}]</p>', params);
    expect(r.status).to.equal(200);
    expect(r.text).to.include('p=[] a=[] ab=[1] adm=[] l=[] o=[]');
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(({} as Record<string, unknown>).isAdmin).to.equal(undefined);
    expect((Object.prototype as unknown as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('a param named "global" is refused; account globals cannot be overridden', async () => {
    const answer = await generate(server, { key: account.key, body: { templateId: 'tpl-1', params: { global: { x: 1 } } } });
    expect(answer.status).to.equal(400);
    expect(answer.json.code).to.equal('params_reserved_key');
  });
});
