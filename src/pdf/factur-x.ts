// Factur-X 1.0 / ZUGFeRD 2.x (EN 16931 in CII syntax) in a PDF/A-3 file: beside the embedded
// XML, the XMP packet says which file holds the invoice and at what conformance level, in the
// `fx` namespace, declared by a PDF/A extension schema (ISO 19005-3 §6.6.2.3.1 demands one for
// every property outside the standard schemas). Readers and validators of e-invoices look there.
// The level is read from the XML itself (its GuidelineSpecifiedDocumentContextParameter), so a
// client only attaches the file under its standard name.

/** the names the specifications give the embedded invoice (Factur-X 1.0, ZUGFeRD 2.x, XRechnung) */
const INVOICE_FILE_NAMES = new Set(['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml']);

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** Guideline IDs (BT-24) → the fx:ConformanceLevel value, most specific first. */
const LEVELS: readonly (readonly [RegExp, string])[] = [
  [/xrechnung/i, 'XRECHNUNG'],
  [/:extended\b/i, 'EXTENDED'],
  [/:basicwl\b/i, 'BASIC WL'],
  [/:minimum\b/i, 'MINIMUM'],
  [/:basic\b/i, 'BASIC'],
  [/^urn:cen\.eu:en16931:2017$/i, 'EN 16931'],
];

/** The fx:ConformanceLevel of a CII invoice, or undefined when the XML names no known guideline. */
export function facturXLevel(xml: string): string | undefined {
  const m = /<(?:\w+:)?GuidelineSpecifiedDocumentContextParameter\b[^>]*>\s*<(?:\w+:)?ID\b[^>]*>([^<]+)</.exec(xml);
  const id = m?.[1]?.trim();
  if (!id) return undefined;
  return LEVELS.find(([pattern]) => pattern.test(id))?.[1];
}

/** The XMP descriptions for an embedded e-invoice, or undefined when no attachment is one. */
export function facturXmp(attachments: readonly { readonly name: string; readonly data: Uint8Array }[]): string | undefined {
  for (const a of attachments) {
    if (!INVOICE_FILE_NAMES.has(a.name.toLowerCase())) continue;
    const level = facturXLevel(Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength).toString('utf8'));
    if (!level) continue;
    const property = (name: string, description: string) => `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
    return [
      `<rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">`,
      '<fx:DocumentType>INVOICE</fx:DocumentType>',
      `<fx:DocumentFileName>${a.name.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</fx:DocumentFileName>`,
      '<fx:Version>1.0</fx:Version>',
      `<fx:ConformanceLevel>${level}</fx:ConformanceLevel>`,
      '</rdf:Description>',
      '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">',
      '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">',
      '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>',
      `<pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>`,
      '<pdfaSchema:prefix>fx</pdfaSchema:prefix>',
      '<pdfaSchema:property><rdf:Seq>',
      property('DocumentFileName', 'The name of the embedded XML document'),
      property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
      property('Version', 'The actual version of the standard applying to the embedded XML document'),
      property('ConformanceLevel', 'The conformance level of the embedded XML document'),
      '</rdf:Seq></pdfaSchema:property>',
      '</rdf:li></rdf:Bag></pdfaExtension:schemas>',
      '</rdf:Description>',
    ].join('\n');
  }
  return undefined;
}
