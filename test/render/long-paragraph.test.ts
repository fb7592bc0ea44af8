// A paragraph of 100,000 inline runs renders to a PDF holding every run (issue #18: linear
// time in layout; its render time is a bench row of `npm run bench`). 100,000 runs are 150,000
// DOM nodes, over the engine's default cap of 100,000 (which would cut the paragraph short with
// a limit-exceeded diagnostic), so the cap is raised for this document.
import { expect } from 'chai';
import { renderHtmlToPdf } from '../../src/render/renderDocument';
import { parsePdf } from '../helpers/pdf';

/** 25,000 times `<span>word</span>` and a space, then 25,000 times `<b>bold</b>` and a space: 100,000 text runs */
const HUNDRED_THOUSAND_RUNS = `<p>${'<span>word</span> '.repeat(25_000)}${'<b>bold</b> '.repeat(25_000)}</p>`;

describe('render: a paragraph of 100,000 inline runs', function () {
  this.timeout(300_000);

  it('becomes a PDF holding every run', async () => {
    const out = await renderHtmlToPdf({ html: HUNDRED_THOUSAND_RUNS, css: '', engine: { limits: { maxDomNodes: 200_000 } } });
    expect(out.diagnostics.filter((d) => d.code === 'limit-exceeded')).to.deep.equal([]);
    const parsed = await parsePdf(out.pdf);
    expect(parsed.text.match(/word/g)?.length).to.equal(25_000);
    expect(parsed.text.match(/bold/g)?.length).to.equal(25_000);
  });
});
