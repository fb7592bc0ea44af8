// A line's touching look-alike words are drawn as one text object (line-runs.ts): fewer
// operators, the same text in the same places.
import { expect } from 'chai';
import { layoutHtml } from '../../src/engine';
import { setPdfFastPaths, toPdf } from '../../src/pdf';
import { joinRuns } from '../../src/pdf/line-runs';
import { pdfText } from './tools';

const font = { id: 'F1' };
const word = (text: string, x: number, width: number, more: Record<string, unknown> = {}) =>
  ({ text, x, width, height: 12, font, fontSize: 10, color: '#000', opacity: 1, ...more });

describe('pdf: joined runs on a line', () => {
  afterEach(() => setPdfFastPaths({ runs: true }));

  it('joins touching words of one look after a space, and keeps the line\'s own inlines untouched', () => {
    const line = [word('one ', 0, 20), word('two ', 20, 18), word('three', 38, 25)];
    const joined = joinRuns(line);
    expect(joined).to.have.length(1);
    expect(joined[0]).to.include({ text: 'one two three', x: 0, width: 63 });
    expect(line.map((i) => i.text)).to.deep.equal(['one ', 'two ', 'three']);
  });

  it('keeps apart what looks different, does not touch, carries a link/decoration/background, is justified, or joins mid-word', () => {
    const cases: Record<string, unknown[]> = {
      colour: [word('a ', 0, 10), word('b', 10, 5, { color: '#f00' })],
      face: [word('a ', 0, 10), word('b', 10, 5, { font: { id: 'F2' } })],
      size: [word('a ', 0, 10), word('b', 10, 5, { fontSize: 11 })],
      gap: [word('a ', 0, 10), word('b', 12, 5)],
      link: [word('a ', 0, 10), word('b', 10, 5, { link: 'https://example.com' })],
      decoration: [word('a ', 0, 10, { decoration: 'underline' }), word('b', 10, 5, { decoration: 'underline' })],
      background: [word('a ', 0, 10), word('b', 10, 5, { background: '#ff0' })],
      justified: [word('a ', 0, 10), word('b', 13, 5, { justifyShift: 3 })],
      spacing: [word('a ', 0, 10, { characterSpacing: 1 }), word('b', 10, 5)],
      'mid-word': [word('contact@', 0, 40), word('example.org', 40, 50)],
    };
    for (const [name, line] of Object.entries(cases)) expect(joinRuns(line as never), name).to.have.length(2);
  });

  it('a paragraph draws one text object per line instead of one per word, with the same text', async () => {
    const html = '<p style="width:300px;font-family:Arial">The quick brown fox jumps over the lazy dog and keeps running along the river bank until night falls.</p>';
    const render = async (runs: boolean) => {
      setPdfFastPaths({ runs });
      const { docDefinition, fonts } = layoutHtml(html, '', {});
      return toPdf({ ...docDefinition, compress: false } as typeof docDefinition, fonts);
    };
    const perWord = await render(false);
    const joined = await render(true);
    const textObjects = (pdf: Buffer) => (pdf.toString('latin1').match(/^BT$/gm) ?? []).length;
    expect(textObjects(perWord)).to.be.greaterThan(15);
    expect(textObjects(joined)).to.be.within(2, 4);
    expect(pdfText(joined)).to.equal(pdfText(perWord));
  });
});
