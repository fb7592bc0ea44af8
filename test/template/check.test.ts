// The save-time check (src/template/check.ts): each problem located at its true line and column.
import { expect } from 'chai';
import { checkTemplate } from '../../src/template/check';
import { templateWarnings } from '../../src/template/comments';

const at = (source: string) => checkTemplate(source).map((p) => `${p.code}@${p.line}:${p.column}`);

describe('template check: located problems', () => {
  it('reports a syntax error at the token Nunjucks stopped at (1-based, not shifted by one)', () => {
    expect(at('{{ a b }}')).to.deep.equal(['template-syntax@1:6']);
    expect(at('<p>\n  {% for %}')).to.deep.equal(['template-syntax@2:10']);
    expect(at('{% endfor %}')).to.deep.equal(['template-syntax@1:4']);
  });

  it('reports an unclosed block or string at the end of the source', () => {
    expect(at('{% if x %}\nxx')).to.deep.equal(['template-syntax@2:3']);
    expect(at('{{ "abc }}')).to.deep.equal(['template-syntax@1:11']);
  });

  it('takes a {# that no #} follows as text: no problem, one located warning each, the CSS id-selector cause named', () => {
    expect(at('<style>\n  a{color:red}{#toc{x:1}\n</style>')).to.deep.equal([]);
    const warn = (source: string) => templateWarnings(source).map((w) => `${w.code}@${w.line}:${w.column}`);
    expect(warn('<style>\n  a{color:red}{#toc{x:1}@media print{#a{y:2}}\n</style>')).to.deep.equal(['template-comment-as-text@2:15', 'template-comment-as-text@2:37']);
    expect(templateWarnings('<style>a{b:c}{#toc{x:1}</style>')[0]!.message).to.match(/"\{#toc" is an id selector/);
    // earlier closed comments, tags and raw blocks are skipped as the lexer skips them
    expect(warn('{# one #}{{ "{#" }}{% raw %}{#{% endraw %}\n  {# two')).to.deep.equal(['template-comment-as-text@2:3']);
    expect(warn('{# one #} {{ a }} {% raw %}{#{% endraw %}')).to.deep.equal([]);
    // a tag after the text {# is still a tag, and its errors keep their true column
    expect(at('a{#b {{ x y }}')).to.deep.equal(['template-syntax@1:11']);
  });

  it('refuses unknown filters and tests, and knows the built-in and Platen ones', () => {
    expect(at('line1\n{{ a | upper | bogus(1) | fixed | grouped }}')).to.deep.equal(['template-unknown-filter@2:16']);
    expect(at('{% filter nope %}x{% endfilter %}')).to.deep.equal(['template-unknown-filter@1:11']);
    expect(at('{{ x is odd }} {{ x is nope(3) }} {{ x is divisibleby(3) }}\n{{ y is wat }}')).to.deep.equal(['template-unknown-test@1:24', 'template-unknown-test@2:9']);
    expect(checkTemplate('{{ total | round(2) | fixed }}{% if n is number %}{% endif %}')).to.deep.equal([]);
  });

  it('refuses blocked names at their position, in source order with other problems', () => {
    expect(at('<p>{{ x.__proto__ }}</p>\n{{ constructor | nope }}')).to.deep.equal([
      'template-blocked-name@1:9', 'template-blocked-name@2:4', 'template-unknown-filter@2:18',
    ]);
  });
});
