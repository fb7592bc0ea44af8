// The 30-page report of fixtures/paged-report rendered through the service (real app, real port,
// real SQLite file) on the layout stage, and read back from its PDF: "Page n of N" on every page
// but the cover, the page numbers its table of contents prints against the pages its chapters
// start on, the running head of each page, the footnotes at the foot of their calls' pages, the
// landscape appendix page, and the bookmarks.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../src/paths';
import { wordsOf, type PdfWord } from '../helpers/pdf';
import { generate, seedAccount, startTestServer, type TestServer } from '../helpers/server';

const fixture = (name: string) => readFileSync(join(repoRoot, 'fixtures', 'paged-report', name), 'utf8');

const CHAPTERS = ['Overview', 'Markets', 'Products', 'Operations', 'People', 'Finance', 'Risks', 'Outlook', 'Figures by month', 'Appendix: regional detail'];

interface Page { readonly width: number; readonly height: number }

describe('http: the paged report fixture (page numbers, TOC, running heads, footnotes, landscape page, bookmarks)', function () {
  this.timeout(120000);
  let server: TestServer;
  let words: PdfWord[];
  let pages: Page[];
  let outline: { title: string; items: { title: string }[] }[];

  before(async () => {
    server = await startTestServer();
    const acme = seedAccount(server.store, { name: 'Acme' });
    server.store.templates.save({ accountId: acme.account.id, id: 'report', name: 'Report', html: fixture('report.html'), css: fixture('report.css') });
    const a = await generate(server, { key: acme.key, body: { templateId: 'report', params: JSON.parse(fixture('report.sample.json')) as Record<string, unknown> } });
    expect(a.status, JSON.stringify(a.json)).to.equal(200);
    words = await wordsOf(a.bytes);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(a.bytes), verbosity: 0 }).promise;
    pages = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const view = (await doc.getPage(i)).view;
      pages.push({ width: view[2]! - view[0]!, height: view[3]! - view[1]! });
    }
    outline = (await doc.getOutline()) as unknown as typeof outline;
    await doc.destroy();
  });
  after(async () => {
    await server.close();
  });

  const onPage = (i: number) => words.filter((w) => w.page === i);

  it('has more than 30 pages, "Page n of N" at the foot of each but the cover', () => {
    const n = pages.length;
    expect(n).to.be.at.least(30);
    expect(onPage(0).some((w) => w.text.startsWith('Page '))).to.equal(false);
    for (let i = 1; i < n; i++) {
      const foot = onPage(i).find((w) => w.text === `Page ${i + 1} of ${n}`);
      expect(foot, `page ${i + 1}`).to.not.equal(undefined);
      expect(foot!.baseline).to.be.above(pages[i]!.height - 22 * 72 / 25.4);
    }
  });

  it('each table-of-contents entry prints the page its chapter starts on', () => {
    const toc = onPage(1);
    for (const title of CHAPTERS) {
      const entry = toc.find((w) => w.text.startsWith(title) && /\d+$/.test(w.text));
      expect(entry, title).to.not.equal(undefined);
      const printed = Number(/(\d+)$/.exec(entry!.text)![1]);
      // the chapter's page: the first page after the contents where its title is a text of its own
      const start = words.find((w) => w.page > 1 && w.text === title);
      expect(start, title).to.not.equal(undefined);
      expect(printed, title).to.equal(start!.page + 1);
    }
  });

  it('the running head of each page is the chapter in force there (string-set, first assignment)', () => {
    const starts = CHAPTERS.map((title) => ({ title, page: words.find((w) => w.page > 1 && w.text === title)!.page }));
    for (let i = 2; i < pages.length; i++) {
      const inForce = starts.filter((s) => s.page <= i).pop()!;
      const head = onPage(i).filter((w) => w.baseline < 25 * 72 / 25.4 && w.x > pages[i]!.width / 2).map((w) => w.text).join(' ');
      expect(head, `page ${i + 1}`).to.equal(inForce.title.startsWith('Appendix') ? 'Appendix' : inForce.title);
      // the document's title on the left, from the cover's string-set
      expect(onPage(i).find((w) => w.baseline < 25 * 72 / 25.4 && w.x < pages[i]!.width / 2)?.text).to.equal('Annual report 2026');
    }
  });

  it('the appendix is on a landscape named page; the others are A4 portrait', () => {
    const last = pages[pages.length - 1]!;
    expect([Math.round(last.width), Math.round(last.height)]).to.deep.equal([842, 595]);
    for (const p of pages.slice(0, -1)) expect([Math.round(p.width), Math.round(p.height)]).to.deep.equal([595, 842]);
  });

  it('each section\'s footnote prints at the foot of the page of its call, numbered per chapter, below the text', () => {
    let samePage = 0;
    for (let c = 1; c <= 8; c++) {
      for (let s = 1; s <= 5; s++) {
        const note = words.find((w) => w.text.includes(`Note ${c}.${s}:`));
        expect(note, `note ${c}.${s}`).to.not.equal(undefined);
        // the marker reads the chapter's count (h1.chapter resets the footnote counter)
        expect(note!.text.startsWith(`${s}`), note!.text).to.equal(true);
        // the call: the superscript number in the paragraph, on the same page
        const para = words.find((w) => w.text.startsWith(`Paragraph 2 of section ${c}.${s}.`))!;
        const call = words.find((w) => w.page === para.page && w.text === `${s}` && w.baseline > para.baseline && w.baseline < para.baseline + 3 * 15.2);
        expect(call, `call ${c}.${s}`).to.not.equal(undefined);
        // on its call's page, or (footnote-policy: auto) the next one when it does not fit below its call's line
        expect([call!.page, call!.page + 1], `note ${c}.${s}`).to.include(note!.page);
        if (note!.page === call!.page) samePage++;
        // below every line of text of its page, inside the page area (above the 22mm bottom margin)
        const text = onPage(note!.page).filter((w) => w.text.startsWith('Paragraph') || w.text.startsWith('this report'));
        expect(note!.baseline).to.be.above(Math.max(...text.map((w) => w.baseline)));
        expect(note!.baseline).to.be.below(pages[note!.page]!.height - 22 * 72 / 25.4);
      }
    }
    expect(samePage).to.be.at.least(30);
  });

  it('the chapters are bookmarks with their sections under them', () => {
    expect(outline.map((o) => o.title)).to.deep.equal(['Contents', ...CHAPTERS]);
    expect(outline[1]!.items.map((i) => i.title)).to.deep.equal([1, 2, 3, 4, 5].map((s) => `1.${s} Overview, part ${s}`));
  });
});
