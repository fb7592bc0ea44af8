import { expect } from 'chai';
import { checkTemplate, compileTemplate, renderTemplate, TemplateRefusedError, assertTemplateAcceptable } from '../../src/template';

const noGlobals = { globals: {} };

describe('template: Nunjucks with autoescape, no loader, known escapes closed', () => {
  it('renders params and the account global, escaping HTML', () => {
    const out = renderTemplate('<p>{{ name }} · {{ global.company }}</p>', { params: { name: '<b>Ada</b>' }, globals: { company: 'Acme & Co' } });
    expect(out).to.equal('<p>&lt;b&gt;Ada&lt;/b&gt; · Acme &amp; Co</p>');
  });

  it('compiles once and renders many times', () => {
    const t = compileTemplate('{% for i in items %}{{ i }},{% endfor %}');
    expect(t.render({ params: { items: [1, 2] }, ...noGlobals })).to.equal('1,2,');
    expect(t.render({ params: { items: ['x'] }, ...noGlobals })).to.equal('x,');
  });

  it('a {# that no #} follows prints as text; tags after it still render, comments before it are still comments', () => {
    const css = '<style>@media screen{#toc{color:red}}a{b:c}{#x{d:e}</style>';
    expect(renderTemplate(`{# note #}${css}<p>{{ name }} {# no end`, { params: { name: 'Ada' }, ...noGlobals })).to.equal(`${css}<p>Ada {# no end`);
    expect(compileTemplate('{#a{{ n }}').render({ params: { n: 1 }, ...noGlobals })).to.equal('{#a1');
  });

  it('params cannot override global', () => {
    expect(renderTemplate('{{ global.a }}', { params: { global: { a: 'client' } }, globals: { a: 'server' } })).to.equal('server');
  });

  it('a param "{{ 7*7 }}" renders as that text, never as code', () => {
    expect(renderTemplate('{{ p }}', { params: { p: '{{ 7*7 }}' }, ...noGlobals })).to.equal('{{ 7*7 }}');
    expect(renderTemplate('{{ p | safe }}', { params: { p: '{% raw %}{{ 7*7 }}' }, ...noGlobals })).to.equal('{% raw %}{{ 7*7 }}');
  });

  const escapes: [string, string][] = [
    ['range.constructor', '{{ range.constructor("return process")() }}'],
    ['subscript constructor', '{{ range["constructor"]("return process")() }}'],
    ['string constructor', '{{ "".constructor.constructor("return process")() }}'],
    ['cycler constructor', '{{ cycler.constructor("return globalThis")() }}'],
    ['bare constructor', '{{ constructor.getOwnPropertyDescriptor(range, "constructor").value("return process")() }}'],
    ['__proto__', '{{ x.__proto__.polluted }}'],
    ['prototype', '{{ range.prototype }}'],
    ['__defineGetter__', '{{ x.__defineGetter__("a", range) }}'],
  ];

  for (const [name, source] of escapes) {
    it(`refuses at save time and does not run code at render time: ${name}`, () => {
      const problems = checkTemplate(source);
      expect(problems.map((p) => p.code)).to.include('template-blocked-name');
      expect(() => assertTemplateAcceptable(source)).to.throw(TemplateRefusedError);
      // even if saved by other means, the runtime blocks the lookup: no code runs
      let out: string;
      try { out = renderTemplate(source, { params: { x: {} }, ...noGlobals }); } catch { out = 'threw'; }
      expect(out).not.to.match(/process|\[object|function/i);
    });
  }

  it('blocks names computed at run time', () => {
    const out = renderTemplate('{% set f = range[k] %}{{ f }}{{ f("return 1") if f else "blocked" }}', { params: { k: 'constructor' }, ...noGlobals });
    expect(out).to.equal('blocked');
  });

  it('refuses include, import, from-import and extends at save time', () => {
    for (const src of ['{% include "a.html" %}', '{% import "m.html" as m %}', '{% from "m.html" import x %}', '{% extends "base.html" %}']) {
      expect(checkTemplate(src).map((p) => p.code), src).to.deep.equal(['template-include-refused']);
    }
  });

  it('cannot read the file system through include even if one was saved', () => {
    expect(() => renderTemplate('{% include "/etc/passwd" %}', { params: {}, ...noGlobals })).to.throw();
  });

  it('reports a syntax error with its line', () => {
    const [p] = checkTemplate('<p>\n{% if x %}\n</p>');
    expect(p?.code).to.equal('template-syntax');
    expect(p?.line).to.be.greaterThan(0);
  });

  it('accepts an ordinary template', () => {
    expect(checkTemplate('{% macro row(i) %}<td>{{ i.name | upper }}</td>{% endmacro %}{% for i in items %}{{ row(i) }}{% endfor %}{{ total | round(2) }}')).to.deep.equal([]);
  });

  it('a __proto__ key in params neither pollutes prototypes nor changes other lookups', () => {
    const params = JSON.parse('{"__proto__": {"polluted": "yes", "name": "evil"}, "nested": {"__proto__": {"polluted": "yes"}}}') as Record<string, unknown>;
    const out = renderTemplate('[{{ polluted }}][{{ name }}][{{ nested.polluted }}]', { params, ...noGlobals });
    expect(out).to.equal('[][][]');
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});

describe('template: Platen filters', () => {
  it('fixed and grouped format numbers', () => {
    expect(renderTemplate('{{ 1234.5 | fixed }}|{{ 2 | fixed(0) }}|{{ "x" | fixed }}|{{ 1234567.891 | grouped }}|{{ -1000 | grouped(0, " ") }}', { params: {}, globals: {} }))
      .to.equal('1234.50|2|x|1,234,567.89|-1 000');
  });
});
