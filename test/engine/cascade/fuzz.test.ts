// Property: whatever CSS and HTML an author writes, the cascade returns a styled tree and
// diagnostics; it never throws.
import { expect } from 'chai';
import fc from 'fast-check';
import { run } from './helpers';

const FRAGMENTS = [
  '{', '}', '(', ')', '[', ']', ';', ':', ',', ' ', '\n', '!important', '/*', '*/', '"', "'", '\\', '@media', '@page', '@import', '@font-face', '@supports',
  'print', 'screen', 'and', 'not', 'p', 'div', '.a', '#t', '*', '>', '+', '~', '::before', ':not(', ':is(', ':nth-child(', '2n+1', 'of', '&', '--x',
  'var(--x', 'var(--x,', 'calc(', 'min(', '1px', '-2em', '50%', '0', '1e9', 'url(', 'data:', 'rgb(', '#fff', 'red', 'inherit', 'initial', 'unset',
  'color', 'margin', 'font', 'border', 'background', 'display', 'flex', 'content', 'size', 'A4', 'landscape', 'src', 'font-family', 'width',
];

const css = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 80 }).map((parts) => parts.join(''));
const html = fc.array(fc.constantFrom('<p id="t">', '<div class="a">', '</div>', '</p>', 'x', '<table>', '<tr>', '<td>', '<style>', '</style>', '<span style="color:red;', '">', '<!--', '-->', '<li>', '<br>'), { maxLength: 30 })
  .map((parts) => parts.join(''));

describe('cascade: fuzzed CSS and HTML', () => {
  it('never throws', function () {
    this.timeout(60_000);
    fc.assert(fc.property(css, html, (c, h) => {
      const r = run(`${h}<p id="t">end</p>`, c);
      expect(r.result.root.tag).to.equal('html');
      for (const d of r.diagnostics) expect(d.code).to.be.a('string');
    }), { numRuns: Number(process.env.PLATEN_FUZZ_RUNS ?? 300), seed: Number(process.env.PLATEN_FUZZ_SEED ?? 42) });
  });
});
