// pdf/document-info.ts: the info dictionary, /Lang, the XMP packet, PDF/A-2b/-3b output,
// embedded files and the outline, read back from real PDFs (pdfjs-dist and the raw objects).
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { layoutHtml } from '../../src/engine';
import { toPdf, type PdfOptions } from '../../src/pdf';
import { catalogOf, pdfObjects, refOf, type PdfObject } from '../helpers/pdfObjects';

const HTML = '<!doctype html><html lang="fr"><head><title>Devis <A&B> "n°7"</title><meta name="author" content="Dupont & Fils"><meta name="description" content="Un devis"><meta name="keywords" content="devis, <test>"></head><body><h1>Devis</h1><p>Texte <b>gras</b> <i>italique</i></p></body></html>';

async function render(options: Omit<PdfOptions, 'metadata'> = {}, html = HTML): Promise<Buffer> {
  const r = layoutHtml(html, '');
  return toPdf(r.docDefinition, r.fonts, { metadata: r.metadata, ...options });
}

async function readBack(pdf: Buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const meta = await doc.getMetadata();
    return { info: meta.info as Record<string, unknown>, xmp: meta.metadata ? Object.fromEntries([...meta.metadata]) as Record<string, unknown> : undefined, outline: await doc.getOutline(), attachments: await doc.getAttachments() as Record<string, { filename: string; content: Uint8Array; description?: string }> | null };
  } finally {
    await doc.destroy();
  }
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const DATE = new Date('2026-11-20T10:11:12.345Z');

describe('pdf: what the document says about itself', function () {
  this.timeout(30000);

  it('fills the info dictionary from the head, dated by the given date (both dates, to the second)', async () => {
    const { info } = await readBack(await render({ creationDate: DATE }));
    expect(info).to.include({
      Title: 'Devis <A&B> "n°7"', Author: 'Dupont & Fils', Subject: 'Un devis', Keywords: 'devis, <test>',
      Creator: 'Platen', Producer: 'Platen', CreationDate: 'D:20261120101112Z', ModDate: 'D:20261120101112Z', Language: 'fr',
    });
  });

  it('without a date, uses the fixed default, never the clock', async () => {
    const { info } = await readBack(await render());
    expect(info.CreationDate).to.equal('D:20000101000000Z');
    expect(info.ModDate).to.equal('D:20000101000000Z');
  });

  it('the same document and date give the same bytes; another date, other bytes', async () => {
    const a = await render({ creationDate: DATE, standard: 'PDF/A-3b', attachments: [{ name: 'a.xml', contentType: 'text/xml', data: Buffer.from('<a/>') }] });
    const b = await render({ creationDate: DATE, standard: 'PDF/A-3b', attachments: [{ name: 'a.xml', contentType: 'text/xml', data: Buffer.from('<a/>') }] });
    const c = await render({ creationDate: new Date('2026-11-21T00:00:00Z'), standard: 'PDF/A-3b', attachments: [{ name: 'a.xml', contentType: 'text/xml', data: Buffer.from('<a/>') }] });
    expect(sha(a)).to.equal(sha(b));
    expect(sha(c)).to.not.equal(sha(a));
  });

  it('a plain PDF has no XMP packet and no output intent', async () => {
    const pdf = await render({ creationDate: DATE });
    const objects = pdfObjects(pdf);
    expect(catalogOf(pdf, objects).dict).to.not.match(/\/OutputIntents|\/Metadata/);
  });

  for (const [standard, part] of [['PDF/A-2b', '2'], ['PDF/A-3b', '3']] as const) {
    describe(standard, () => {
      let pdf: Buffer;
      let objects: Map<number, PdfObject>;
      let catalog: PdfObject;
      before(async () => {
        pdf = await render({ creationDate: DATE, standard });
        objects = pdfObjects(pdf);
        catalog = catalogOf(pdf, objects);
      });

      it('is PDF 1.7 with a binary comment line (ISO 19005-2 §6.1.2)', () => {
        expect(pdf.subarray(0, 9).toString('latin1')).to.equal('%PDF-1.7\n');
        expect([...pdf.subarray(10, 14)].every((b) => b > 127)).to.equal(true);
      });

      it(`says pdfaid:part ${part}, conformance B, in an uncompressed, well-escaped XMP packet that repeats the info dictionary`, async () => {
        const metadata = refOf(objects, catalog.dict, 'Metadata')!;
        expect(metadata.dict).to.match(/\/Type \/Metadata/).and.match(/\/Subtype \/XML/).and.not.match(/\/Filter/);
        const xml = metadata.stream!.toString('utf8');
        expect(xml).to.contain('Devis &lt;A&amp;B&gt; &quot;n°7&quot;').and.contain('Dupont &amp; Fils').and.not.contain('<A&B>');
        const { xmp } = await readBack(pdf);
        expect(xmp).to.deep.include({
          'pdfaid:part': part, 'pdfaid:conformance': 'B', 'dc:title': 'Devis <A&B> "n°7"', 'dc:creator': ['Dupont & Fils'],
          'dc:description': 'Un devis', 'pdf:keywords': 'devis, <test>', 'pdf:producer': 'Platen', 'xmp:creatortool': 'Platen',
          'xmp:createdate': '2026-11-20T10:11:12Z', 'xmp:modifydate': '2026-11-20T10:11:12Z', 'dc:language': 'fr',
        });
      });

      it('has the sRGB output intent with its ICC profile (3 components, an ICC header)', () => {
        const m = /\/OutputIntents \[(\d+) 0 R\]/.exec(catalog.dict);
        expect(m, catalog.dict).to.not.equal(null);
        const intent = objects.get(Number(m![1]))!;
        expect(intent.dict).to.match(/\/S \/GTS_PDFA1/).and.contain('sRGB IEC61966-2.1');
        const profile = refOf(objects, intent.dict, 'DestOutputProfile')!;
        expect(profile.dict).to.match(/\/N 3\b/);
        expect(profile.stream!.subarray(36, 40).toString('latin1')).to.equal('acsp'); // ICC.1 §7.2.9 profile file signature
        expect(profile.stream!.subarray(16, 20).toString('latin1')).to.equal('RGB ');
      });

      it('embeds every font it uses', () => {
        const fonts = [...objects.values()].filter((o) => /\/Type \/Font\b/.test(o.dict) && !/\/Subtype \/Type0/.test(o.dict));
        expect(fonts.length).to.be.greaterThan(1); // regular, bold, italic faces
        for (const font of fonts) {
          const descriptor = refOf(objects, font.dict, 'FontDescriptor');
          expect(descriptor, font.dict).to.not.equal(undefined);
          expect(descriptor!.dict).to.match(/\/FontFile[23]? \d+ 0 R/);
        }
      });

      it('has no encryption and an ID in the trailer', () => {
        const trailer = pdf.toString('latin1').slice(pdf.toString('latin1').lastIndexOf('trailer'));
        expect(trailer).to.match(/\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/).and.not.contain('/Encrypt');
      });
    });
  }

  it('embeds files as PDF/A-3 associated files: /AF, /AFRelationship, MIME /Subtype, /ModDate, bytes intact', async () => {
    const xml = Buffer.from('<?xml version="1.0"?><invoice>ü</invoice>');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const pdf = await render({ creationDate: DATE, standard: 'PDF/A-3b', attachments: [
      { name: 'factur-x.xml', contentType: 'text/xml', data: xml, relationship: 'Data', description: 'Factur-X' },
      { name: 'logo.png', contentType: 'image/png', data: png },
    ] });
    const objects = pdfObjects(pdf);
    const af = /\/AF \[(\d+) 0 R (\d+) 0 R\]/.exec(catalogOf(pdf, objects).dict);
    expect(af).to.not.equal(null);
    const [first, second] = [objects.get(Number(af![1]))!, objects.get(Number(af![2]))!];
    expect(first.dict).to.match(/\/Type \/Filespec/).and.match(/\/AFRelationship \/Data/).and.match(/\/F \(factur-x\.xml\)/).and.match(/\/UF \(factur-x\.xml\)/);
    expect(second.dict).to.match(/\/AFRelationship \/Unspecified/);
    const embedded = refOf(objects, first.dict.replace(/[\s\S]*\/EF/, '/EF'), 'F')!;
    expect(embedded.dict).to.match(/\/Type \/EmbeddedFile/).and.match(/\/Subtype \/text#2Fxml/).and.match(/\/ModDate \(D:20261120101112Z\)/);
    expect(embedded.stream!.equals(xml)).to.equal(true);
    const { attachments } = await readBack(pdf);
    expect(Object.keys(attachments!)).to.deep.equal(['factur-x.xml', 'logo.png']);
    expect(Buffer.from(attachments!['factur-x.xml']!.content).equals(xml)).to.equal(true);
    expect(attachments!['factur-x.xml']!.description).to.equal('Factur-X');
    expect(Buffer.from(attachments!['logo.png']!.content).equals(png)).to.equal(true);
  });

  describe('the outline, from a list of headings with their page and position', () => {
    const pages = '<!doctype html><style>@page { size: 200pt 300pt; margin: 10pt } h1 { break-before: page }</style><p>cover</p><h1>One</h1><h1>Two</h1><h1>Three</h1>';
    type Item = { title: string; dest: unknown[]; count?: number; items: Item[] };
    const shape = (items: Item[]): unknown[] => items.map((i) => (i.items.length ? [i.title, shape(i.items)] : i.title));

    it('nests each entry under the last shallower one, and points at its page and top', async () => {
      const pdf = await render({ outline: [
        { title: 'Chapter 1', level: 1, pageIndex: 1, y: 10, open: true },
        { title: '1.1', level: 2, pageIndex: 1, y: 100 },
        { title: '1.1.1', level: 3, pageIndex: 2, y: 50 },
        { title: '1.2', level: 2, pageIndex: 2, y: 200, open: true },
        { title: '  Chapter\n2 ', level: 1, pageIndex: 3, y: 10 },
        { title: 'skipped: no such page', level: 1, pageIndex: 99, y: 0 },
        { title: '   ', level: 2, pageIndex: 3, y: 0 },
        { title: 'deep under 2', level: 4, pageIndex: 3, y: 40 },
      ] }, pages);
      const { outline } = await readBack(pdf);
      const items = outline as unknown as Item[];
      expect(shape(items)).to.deep.equal([['Chapter 1', [['1.1', ['1.1.1']], '1.2']], ['Chapter 2', ['deep under 2']]]);
      // XYZ destinations: left and zoom unchanged, top = page height - y
      expect(items[0]!.dest.slice(1)).to.deep.equal([{ name: 'XYZ' }, null, 290, null]);
      expect(items[0]!.items[0]!.dest.slice(2)).to.deep.equal([null, 200, null]);
      const objects = pdfObjects(pdf);
      const kids = /\/Kids \[([^\]]*)\]/.exec([...objects.values()].find((o) => /\/Type \/Pages/.test(o.dict))!.dict)![1]!.match(/\d+ 0 R/g)!;
      const destPage = (title: string) => /\/Dest \[(\d+ 0 R)/.exec([...objects.values()].find((o) => o.dict.includes(`/Title (${title})`))!.dict)![1];
      expect([destPage('Chapter 1'), destPage('1.1.1'), destPage('Chapter 2')]).to.deep.equal([kids[1], kids[2], kids[3]]);
      // bookmark-state: open shows the children (a positive /Count), closed hides them
      const item = (title: string) => [...objects.values()].find((o) => o.dict.includes(`/Title (${title})`))!.dict;
      expect(item('Chapter 1')).to.match(/\/Count 2\b/);
      expect(item('1.1')).to.not.match(/\/Count/);
    });

    it('an empty list writes no outline', async () => {
      const pdf = await render({ outline: [] }, pages);
      const objects = pdfObjects(pdf);
      expect(catalogOf(pdf, objects).dict).to.not.contain('/Outlines');
    });
  });
});
