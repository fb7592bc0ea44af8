// Random HTML + CSS documents for the engine's property test and its offline explorer
// (nesting, tables, lists, flex, images, SVG, absurd numbers, broken markup). Every choice is
// drawn from fast-check, so a seed gives the same documents every time and a failing one shrinks.
import fc from 'fast-check';
import { redPng } from './canary';

const PNG = `data:image/png;base64,${redPng(3, 2).toString('base64')}`;

const lengths = fc.oneof(
  fc.constantFrom('0', 'auto', '-1px', '1e9px', '-1e9px', '1e308px', '100%', '150%', '-50%', '0.0001px', 'calc(100% - 10px)', 'calc(1e308px * 10)', '3em', '2rem', '10vw', 'min-content', 'max-content', 'fit-content', 'inherit', 'NaNpx', '1px 2px', 'bogus'),
  fc.integer({ min: -50, max: 400 }).map((n) => `${n}px`),
  fc.integer({ min: 0, max: 100 }).map((n) => `${n}%`),
);
const colors = fc.constantFrom('red', '#0f0', '#12345678', 'rgb(1 2 3 / 50%)', 'hsl(120 50% 50%)', 'transparent', 'currentColor', 'nope', 'rgba(0,0,0,2)');
const declaration = fc.tuple(fc.oneof(
  fc.tuple(fc.constantFrom('width', 'height', 'min-width', 'max-width', 'min-height', 'max-height', 'margin', 'margin-left', 'padding', 'padding-top', 'top', 'left', 'text-indent', 'letter-spacing', 'word-spacing', 'border-width', 'flex-basis', 'gap', 'border-spacing'), lengths),
  fc.tuple(fc.constant('font-size'), fc.oneof(lengths, fc.constantFrom('small', 'larger', '1e9px', '0', '-3px'))),
  fc.tuple(fc.constant('line-height'), fc.constantFrom('0', '1e9', '-1', 'normal', '2', '40px', '0.1')),
  fc.tuple(fc.constantFrom('color', 'background-color', 'border-color'), colors),
  fc.tuple(fc.constant('display'), fc.constantFrom('block', 'inline', 'inline-block', 'none', 'flex', 'table', 'table-row', 'table-cell', 'list-item', 'contents', 'grid', 'inline-flex', 'ruby')),
  fc.tuple(fc.constant('position'), fc.constantFrom('static', 'relative', 'absolute', 'fixed', 'sticky')),
  fc.tuple(fc.constant('float'), fc.constantFrom('left', 'right', 'none')),
  fc.tuple(fc.constant('white-space'), fc.constantFrom('normal', 'pre', 'nowrap', 'pre-wrap', 'pre-line', 'break-spaces')),
  fc.tuple(fc.constantFrom('overflow-wrap', 'word-break'), fc.constantFrom('anywhere', 'break-word', 'break-all', 'keep-all', 'normal')),
  fc.tuple(fc.constantFrom('break-before', 'break-after', 'break-inside', 'page-break-after'), fc.constantFrom('page', 'avoid', 'auto', 'always', 'left')),
  fc.tuple(fc.constant('border'), fc.constantFrom('1px solid red', '1e9px dotted', '0 none', '3px double blue', 'thick groove')),
  fc.tuple(fc.constantFrom('flex-direction', 'flex-wrap', 'justify-content', 'align-items'), fc.constantFrom('row', 'column', 'wrap', 'center', 'space-between', 'stretch', 'row-reverse')),
  fc.tuple(fc.constantFrom('flex-grow', 'flex-shrink', 'order', 'z-index', 'orphans', 'widows', 'opacity', 'column-count'), fc.constantFrom('0', '1', '1e9', '-1', '0.5', 'auto')),
  fc.tuple(fc.constantFrom('text-align', 'vertical-align', 'text-transform', 'text-decoration', 'font-weight', 'font-style', 'font-family', 'list-style-type'), fc.constantFrom('center', 'justify', 'middle', 'uppercase', 'underline', 'bold', '900', 'italic', 'monospace', '"No Such Font", serif', 'decimal', 'upper-roman', 'none')),
  fc.tuple(fc.constant('content'), fc.constantFrom('"x"', 'counter(page)', 'attr(title)', 'none', '"\\"', 'url(x.png)')),
  fc.tuple(fc.constant('background-image'), fc.constantFrom(`url(${PNG})`, 'url(missing.png)', 'linear-gradient(red, blue)', 'none')),
), fc.integer({ min: 0, max: 19 })).map(([[p, v], i]) => `${p}: ${v}${i === 0 ? ' !important' : ''}`); // one in twenty is !important
const style = fc.array(declaration, { maxLength: 4 }).map((ds) => ds.join('; '));
const words = fc.oneof(
  fc.constantFrom('Hello', 'world', 'Ünïcödé', '中文字符', 'שלום', '😀', '&amp;', '&nbsp;', '&#0;', '&bogus;', ' ', '\t', '\n', 'a-very-long-hyphenated-word', ''),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/[<&{}%#]/g, '')),
  fc.integer({ min: 100, max: 400 }).map((n) => 'W'.repeat(n)), // wider than any line: broken anywhere, or overflowing
);
const text = fc.array(words, { maxLength: 6 }).map((ws) => ws.join(' '));

const TAGS = ['div', 'p', 'span', 'b', 'i', 'em', 'strong', 'h1', 'h2', 'h3', 'pre', 'code', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'section', 'blockquote', 'a', 'small', 'sup', 'sub', 'hr', 'br', 'dl', 'dt', 'dd', 'caption', 'colgroup', 'col', 'header', 'footer', 'figure', 'img', 'svg', 'iframe', 'script', 'style', 'template', 'textarea', 'input', 'button', 'select', 'label', 'center', 'font', 'x-custom'];

const node: fc.Memo<string> = fc.memo((n) => (n <= 1
  ? text
  : fc.oneof(
    { weight: 2, arbitrary: text },
    { weight: 5, arbitrary: fc.record({ tag: fc.constantFrom(...TAGS), style, cls: fc.constantFrom('', 'a', 'b', 'c'), attrs: fc.constantFrom('', 'colspan="2"', 'rowspan="3"', 'colspan="0"', 'colspan="99999"', 'width="1e9"', 'title="t"', 'hidden', 'dir="rtl"', 'start="-5"', 'value="1e9"', 'border="1"'), kids: fc.array(node(n - 1), { maxLength: 4 }), closed: fc.boolean(), closedAnyway: fc.integer({ min: 0, max: 9 }) })
      .map(({ tag, style: st, cls, attrs, kids, closed, closedAnyway }) => {
        if (tag === 'img') return `<img src="${PNG}" style="${st}" ${attrs}>`;
        if (tag === 'svg') return `<svg width="${kids.length * 10}" height="20" viewBox="0 0 10 10" style="${st}"><rect width="5" height="5" fill="red"/><text y="8">${kids.length}</text></svg>`;
        return `<${tag} class="${cls}" style="${st}" ${attrs}>${kids.join('')}${closed || closedAnyway > 0 ? `</${tag}>` : ''}`;
      }) },
  )));

const sheet = fc.array(fc.tuple(fc.constantFrom('*', 'p', 'div > span', '.a', '.b .c', 'td:first-child', 'li:nth-child(2n+1)', 'h1 + p', 'p::first-line', 'p::first-letter', 'li::marker', 'table', ':root', 'body', '@page', '@media print', 'x:hover', '[title]', 'p:not(.a)'), style), { maxLength: 5 })
  .map((rules) => rules.map(([sel, st]) => (sel === '@media print' ? `@media print { p { ${st} } }` : `${sel} { ${st} }`)).join('\n'));

export interface RandomDocument {
  readonly html: string;
  readonly css: string;
}

/** A whole document: up to six top-level nodes five levels deep, and a style sheet. */
export const randomDocument: fc.Arbitrary<RandomDocument> = fc.tuple(fc.array(node(5), { minLength: 1, maxLength: 6 }), sheet)
  .map(([body, css]) => ({ html: `<!doctype html><html><body>${body.join('')}</body></html>`, css }));
