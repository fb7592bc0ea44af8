// The PDF's description of itself and its standards, through the real app on a real port with a
// real SQLite file: the info dictionary and /Lang from a stored template's head, dates from the
// template version (same request, same bytes), PDF/A per template and per request, attachments
// (the fixtures/einvoice Factur-X invoice) read back, and the request checks with their codes.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../src/paths';
import { catalogOf, pdfObjects, refOf } from '../helpers/pdfObjects';
import { generate, seedAccount, startTestServer, type Answer, type SeededAccount, type TestServer } from '../helpers/server';

const fixture = (...p: string[]) => readFileSync(join(repoRoot, 'fixtures', ...p));

interface ReadBack {
  info: Record<string, unknown>;
  xmp: Record<string, unknown> | undefined;
  attachments: Record<string, { filename: string; content: Uint8Array; description?: string }> | null;
  /** every text run of page 1 with its left x and width, in pt */
  runs: { str: string; x: number; width: number }[];
}

async function readBack(pdf: Buffer): Promise<ReadBack> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0, useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const meta = await doc.getMetadata();
    const page = await doc.getPage(1);
    const content = await page.getTextContent();
    const runs = content.items.flatMap((it) => ('str' in it && it.str.trim() ? [{ str: it.str, x: it.transform[4] as number, width: it.width }] : []));
    return {
      info: meta.info as Record<string, unknown>,
      xmp: meta.metadata ? Object.fromEntries([...meta.metadata]) as Record<string, unknown> : undefined,
      attachments: await doc.getAttachments() as ReadBack['attachments'],
      runs,
    };
  } finally {
    await doc.destroy();
  }
}

function expectPdf(a: Answer): Buffer {
  expect(a.status, JSON.stringify(a.json)).to.equal(200);
  expect(a.headers.get('content-type')).to.equal('application/pdf');
  return a.bytes;
}

function expectProblem(a: Answer, code: string, extra: Record<string, unknown> = {}): void {
  expect(a.status, JSON.stringify(a.json)).to.equal(400);
  expect(a.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(a.json).to.deep.include({ code, ...extra });
}

const pdfaidPart = (r: ReadBack) => r.xmp?.['pdfaid:part'];

describe('http: the PDF says what it is, and is written to a standard', function () {
  this.timeout(60000);
  let server: TestServer;
  let acme: SeededAccount;
  const xml = fixture('einvoice', 'factur-x.xml');
  const invoiceAttachment = { name: 'factur-x.xml', contentType: 'text/xml', content: xml.toString('base64'), relationship: 'Data', description: 'Factur-X invoice (EN 16931)' };

  before(async () => {
    server = await startTestServer();
    acme = seedAccount(server.store, { name: 'Acme', globals: { company: { name: 'Platen Demo Ltd' } } });
    server.store.templates.save({
      accountId: acme.account.id, id: 'letter', name: 'Letter',
      html: '<!doctype html><html lang="en-GB"><head><title>Letter to {{ to }}</title><meta name="author" content="{{ global.company.name }}"><meta name="description" content="A letter"><meta name="keywords" content="letter, test"><meta name="generator" content="Acme ERP 7"></head><body><p>Dear {{ to }},</p></body></html>',
    });
    server.store.templates.save({
      accountId: acme.account.id, id: 'einvoice', name: 'E-invoice',
      html: fixture('einvoice', 'invoice.html').toString('utf8'), css: fixture('einvoice', 'invoice.css').toString('utf8'),
      sampleParams: JSON.parse(fixture('einvoice', 'invoice.sample.json').toString('utf8')) as Record<string, unknown>,
    });
    server.store.templates.save({
      accountId: acme.account.id, id: 'demo-invoice', name: 'Demo invoice',
      html: fixture('demo', 'invoice.html').toString('utf8'), css: fixture('demo', 'invoice.css').toString('utf8'),
    });
  });
  after(async () => { await server.close(); });

  const einvoiceParams = () => JSON.parse(fixture('einvoice', 'invoice.sample.json').toString('utf8')) as Record<string, unknown>;

  it('fills the info dictionary and /Lang from the template\'s <title>, <meta> and <html lang>', async () => {
    const pdf = expectPdf(await generate(server, { key: acme.key, body: { templateId: 'letter', params: { to: 'Ada & Co' } } }));
    const { info, xmp } = await readBack(pdf);
    expect(info).to.include({ Title: 'Letter to Ada & Co', Author: 'Platen Demo Ltd', Subject: 'A letter', Keywords: 'letter, test', Creator: 'Acme ERP 7', Producer: 'Platen', Language: 'en-GB' });
    expect(xmp).to.equal(undefined); // a plain PDF: no XMP packet
  });

  it('dates the PDF by the template version, and the same request gives the same bytes', async () => {
    const body = { templateId: 'letter', params: { to: 'Ada' } };
    const a = expectPdf(await generate(server, { key: acme.key, body }));
    const b = expectPdf(await generate(server, { key: acme.key, body }));
    expect(a.equals(b)).to.equal(true);
    const saved = server.store.templates.get(acme.account.id, 'letter')!;
    const date = `D:${saved.updatedAt.slice(0, 19).replace(/[-:T]/g, '')}Z`;
    const { info } = await readBack(a);
    expect(info.CreationDate).to.equal(date);
    expect(info.ModDate).to.equal(date);
    expect(date).to.not.equal('D:20000101000000Z');
  });

  it('a new template version changes the date (and so the bytes) of the same request', async () => {
    server.store.templates.save({ accountId: acme.account.id, id: 'letter-v', name: 'Letter v1', html: '<title>v</title><p>same</p>' });
    const before = expectPdf(await generate(server, { key: acme.key, body: { templateId: 'letter-v' } }));
    await new Promise((r) => setTimeout(r, 1100)); // PDF dates have whole seconds
    server.store.templates.save({ accountId: acme.account.id, id: 'letter-v', name: 'Letter v2', html: '<title>v</title><p>same</p>' });
    const after = expectPdf(await generate(server, { key: acme.key, body: { templateId: 'letter-v' } }));
    const [x, y] = [await readBack(before), await readBack(after)];
    expect(x.info.Title).to.equal(y.info.Title);
    expect(y.info.CreationDate).to.not.equal(x.info.CreationDate);
    // version 1 pinned prints what it printed as the latest: its own date, the same bytes
    const pinned = expectPdf(await generate(server, { key: acme.key, body: { templateId: 'letter-v', templateVersion: 1 } }));
    expect(pinned.equals(before)).to.equal(true);
  });

  describe('the PDF/A-3b e-invoice of fixtures/einvoice, with its Factur-X XML attached', () => {
    let pdf: Buffer;
    let back: ReadBack;
    before(async () => {
      pdf = expectPdf(await generate(server, { key: acme.key, body: { templateId: 'einvoice', params: einvoiceParams(), attachments: [invoiceAttachment] } }));
      back = await readBack(pdf);
    });

    it('is PDF/A-3b by the template\'s own <meta name="pdf-standard">', () => {
      expect(back.xmp).to.deep.include({ 'pdfaid:part': '3', 'pdfaid:conformance': 'B', 'dc:title': 'Rechnung RE-2026-0815', 'dc:creator': ['Musterdruck GmbH'], 'dc:language': 'de-DE' });
      expect(back.info).to.include({ Title: 'Rechnung RE-2026-0815', Author: 'Musterdruck GmbH', Language: 'de-DE', PDFFormatVersion: '1.7' });
      // the Factur-X properties (the level read from the XML's guideline ID)
      expect(back.xmp).to.deep.include({ 'fx:documenttype': 'INVOICE', 'fx:documentfilename': 'factur-x.xml', 'fx:version': '1.0', 'fx:conformancelevel': 'EN 16931' });
    });

    it('carries the XML byte for byte, as an associated file with /AFRelationship /Data and its MIME type', () => {
      expect(Object.keys(back.attachments ?? {})).to.deep.equal(['factur-x.xml']);
      const att = back.attachments!['factur-x.xml']!;
      expect(Buffer.from(att.content).equals(xml)).to.equal(true);
      expect(att.description).to.equal('Factur-X invoice (EN 16931)');
      const objects = pdfObjects(pdf);
      const catalog = catalogOf(pdf, objects);
      const spec = refOf(objects, catalog.dict.replace(/\/AF \[/, '/AF '), 'AF')!;
      expect(spec.dict).to.match(/\/AFRelationship \/Data/).and.match(/\/UF \(factur-x\.xml\)/);
      expect(refOf(objects, spec.dict.replace(/[\s\S]*\/EF/, '/EF'), 'F')!.dict).to.match(/\/Subtype \/text#2Fxml/).and.match(/\/Params/);
      expect(catalog.dict).to.match(/\/OutputIntents \[\d+ 0 R\]/);
    });

    it('prints the invoice (text readable, totals right)', () => {
      const text = back.runs.map((r) => r.str).join(' ');
      expect(text).to.contain('Rechnung RE-2026-0815').and.contain('Beispiel AG').and.contain('1653.98 €');
    });

    it('the same request gives the same bytes', async () => {
      const again = expectPdf(await generate(server, { key: acme.key, body: { templateId: 'einvoice', params: einvoiceParams(), attachments: [invoiceAttachment] } }));
      expect(again.equals(pdf)).to.equal(true);
    });
  });

  it('the request\'s pdfStandard wins over the template\'s, case-insensitively', async () => {
    const a = await readBack(expectPdf(await generate(server, { key: acme.key, body: { templateId: 'einvoice', params: einvoiceParams(), pdfStandard: 'pdf/a-2B' } })));
    expect(pdfaidPart(a)).to.equal('2');
    const b = await readBack(expectPdf(await generate(server, { key: acme.key, body: { templateId: 'letter', params: { to: 'x' }, pdfStandard: 'PDF/A-3b' } })));
    expect(pdfaidPart(b)).to.equal('3');
    expect(b.xmp).to.deep.include({ 'dc:title': 'Letter to x', 'pdf:producer': 'Platen', 'xmp:creatortool': 'Acme ERP 7' });
  });

  it('attachments without a standard go into a plain PDF', async () => {
    const r = await readBack(expectPdf(await generate(server, { key: acme.key, body: { templateId: 'letter', params: { to: 'x' }, attachments: [{ name: 'notes.txt', contentType: 'text/plain', content: Buffer.from('hello').toString('base64') }] } })));
    expect(pdfaidPart(r)).to.equal(undefined);
    expect(Buffer.from(r.attachments!['notes.txt']!.content).toString()).to.equal('hello');
  });

  describe('checks 12–13: pdfStandard and attachments', () => {
    const ok = { name: 'a.xml', contentType: 'text/xml', content: Buffer.from('<a/>').toString('base64') };
    const cases: [string, Record<string, unknown>, string, Record<string, unknown>][] = [
      ['an unknown standard', { pdfStandard: 'PDF/A-1b' }, 'unsupported_pdf_standard', { allowed: ['PDF/A-2b', 'PDF/A-3b'] }],
      ['a standard that is not a string', { pdfStandard: 3 }, 'unsupported_pdf_standard', {}],
      ['attachments that are not an array', { attachments: {} }, 'invalid_attachments', { path: 'attachments' }],
      ['attachments with PDF/A-2b', { pdfStandard: 'PDF/A-2b', attachments: [ok] }, 'invalid_attachments', { path: 'attachments' }],
      ['content that is not base64', { attachments: [ok, { ...ok, name: 'b.xml', content: 'not base64!' }] }, 'invalid_attachments', { path: 'attachments[1].content' }],
      ['an empty content', { attachments: [{ ...ok, content: '' }] }, 'invalid_attachments', { path: 'attachments[0].content' }],
      ['a missing contentType', { attachments: [{ name: 'a.xml', content: ok.content }] }, 'invalid_attachments', { path: 'attachments[0].contentType' }],
      ['a contentType that is not a MIME type', { attachments: [{ ...ok, contentType: 'xml' }] }, 'invalid_attachments', { path: 'attachments[0].contentType' }],
      ['a name with a path', { attachments: [{ ...ok, name: '../etc/passwd' }] }, 'invalid_attachments', { path: 'attachments[0].name' }],
      ['a name with a control character', { attachments: [{ ...ok, name: 'a\u0000.xml' }] }, 'invalid_attachments', { path: 'attachments[0].name' }],
      ['two attachments of one name', { attachments: [ok, ok] }, 'invalid_attachments', { path: 'attachments[1]' }],
      ['more than 10', { attachments: Array.from({ length: 11 }, (_, i) => ({ ...ok, name: `f${i}.xml` })) }, 'invalid_attachments', { path: 'attachments' }],
      ['an unknown member', { attachments: [{ ...ok, data: 'x' }] }, 'invalid_attachments', { path: 'attachments[0].data' }],
      ['an unknown relationship', { attachments: [{ ...ok, relationship: 'Parent' }] }, 'invalid_attachments', { path: 'attachments[0].relationship' }],
    ];
    for (const [name, fields, code, extra] of cases) {
      it(`${code} — ${name}`, async () => {
        const a = await generate(server, { key: acme.key, body: { templateId: 'letter', ...fields } });
        expectProblem(a, code, extra);
        expect(String(a.json.detail)).to.not.contain('not base64!');
      });
    }

    it('come after the params checks and before the template lookup', async () => {
      expectProblem(await generate(server, { key: acme.key, body: { templateId: 'letter', pdfStandard: 'x', params: { global: 1 } } }), 'params_reserved_key');
      expectProblem(await generate(server, { key: acme.key, body: { templateId: 'letter', pdfStandard: 'x', attachments: 1 } }), 'unsupported_pdf_standard');
      expectProblem(await generate(server, { key: acme.key, body: { templateId: 'no-such-template', attachments: 1 } }), 'invalid_attachments');
      expectProblem(await generate(server, { key: acme.key, body: { templateId: 'letter', pdfStandard: 'x', format: 'B7' } }), 'unsupported_format');
    });
  });

  it('the demo invoice: its title and author, and number headers aligned with their numbers', async () => {
    const params = JSON.parse(fixture('demo', 'invoice.sample.json').toString('utf8')) as Record<string, unknown>;
    const r = await readBack(expectPdf(await generate(server, { key: acme.key, body: { templateId: 'demo-invoice', params } })));
    expect(r.info).to.include({ Title: 'Invoice INV-2026-042', Author: 'Platen Demo Ltd', Language: 'en' });
    const right = (s: string) => r.runs.filter((run) => run.str.trim() === s).map((run) => run.x + run.width);
    const [header] = right('Amount');
    const [value] = right('1,350.00');
    expect(header, 'the Amount header').to.be.a('number');
    expect(value, 'the first amount').to.be.a('number');
    expect(Math.abs(header! - value!)).to.be.lessThan(0.5);
    const [qty] = right('Qty');
    const [three] = right('3');
    expect(Math.abs(qty! - three!)).to.be.lessThan(0.5);
  });
});
