// pdf/factur-x.ts: the Factur-X conformance level read from the invoice XML, and the fx XMP
// properties with their PDF/A extension schema in a PDF/A-3b file that carries the invoice.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutHtml } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { facturXLevel } from '../../src/pdf/factur-x';
import { repoRoot } from '../../src/paths';
import { catalogOf, pdfObjects, refOf } from '../helpers/pdfObjects';

const guideline = (id: string) => `<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="x" xmlns:ram="y"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>\n  <ram:ID>${id}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>`;

describe('pdf: Factur-X metadata', function () {
  this.timeout(30000);

  const levels: [string, string | undefined][] = [
    ['urn:factur-x.eu:1p0:minimum', 'MINIMUM'],
    ['urn:factur-x.eu:1p0:basicwl', 'BASIC WL'],
    ['urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic', 'BASIC'],
    ['urn:cen.eu:en16931:2017', 'EN 16931'],
    ['urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended', 'EXTENDED'],
    ['urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', 'XRECHNUNG'],
    ['urn:example:something-else', undefined],
  ];
  for (const [id, level] of levels) {
    it(`${id} → ${String(level)}`, () => expect(facturXLevel(guideline(id))).to.equal(level));
  }
  it('an XML without a guideline has no level', () => expect(facturXLevel('<a><b/></a>')).to.equal(undefined));

  async function xmpOf(attachments: { name: string; data: Uint8Array }[], standard: 'PDF/A-3b' | null = 'PDF/A-3b'): Promise<string> {
    const r = layoutHtml('<title>Invoice</title><p>x</p>', '');
    const pdf = await toPdf(r.docDefinition, r.fonts, { metadata: r.metadata, ...(standard ? { standard } : {}), attachments: attachments.map((a) => ({ ...a, contentType: 'text/xml', relationship: 'Data' as const })) });
    const objects = pdfObjects(pdf);
    return refOf(objects, catalogOf(pdf, objects).dict, 'Metadata')?.stream?.toString('utf8') ?? '';
  }

  it('a PDF/A-3b file with factur-x.xml says so in its XMP, with the extension schema that declares fx', async () => {
    const xmp = await xmpOf([{ name: 'factur-x.xml', data: readFileSync(join(repoRoot, 'fixtures', 'einvoice', 'factur-x.xml')) }]);
    expect(xmp).to.contain('<fx:DocumentType>INVOICE</fx:DocumentType>').and.contain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>')
      .and.contain('<fx:Version>1.0</fx:Version>').and.contain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).to.contain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>').and.contain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    for (const p of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) expect(xmp).to.contain(`<pdfaProperty:name>${p}</pdfaProperty:name>`);
  });

  it('other files, an XML that names no guideline, or no PDF/A-3: no fx properties', async () => {
    expect(await xmpOf([{ name: 'notes.xml', data: Buffer.from(guideline('urn:cen.eu:en16931:2017')) }])).to.not.contain('fx:');
    expect(await xmpOf([{ name: 'factur-x.xml', data: Buffer.from('<x/>') }])).to.not.contain('fx:');
    expect(await xmpOf([{ name: 'factur-x.xml', data: Buffer.from(guideline('urn:cen.eu:en16931:2017')) }], null)).to.equal('');
  });
});
