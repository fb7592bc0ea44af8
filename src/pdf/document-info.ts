// What the PDF says about itself, and the standards it is written to:
//  - the info dictionary (Title, Author, Subject, Keywords, Creator, Producer, CreationDate,
//    ModDate) from the document's head, dated by the template version (same input, same bytes);
//  - the catalog's /Lang from <html lang>;
//  - PDF/A-2b and PDF/A-3b (ISO 19005-2/-3, level b): pdfkit's `subset` writes the pdfaid XMP
//    entries and the sRGB output intent with its ICC profile; fonts are always embedded;
//  - embedded files (PDF/A-3 §6.8 associated files: /AF in the catalog, /AFRelationship, the
//    MIME type as the stream's /Subtype, /ModDate in /Params), e.g. a Factur-X invoice XML,
//    announced in the XMP packet (factur-x.ts);
//  - the outline (bookmarks) from a list of headings with their page and position;
//  - the TrimBox and BleedBox of pages with a bleed.
// pdfkit writes its XMP packet from the info values without escaping them; the packet is
// written here instead, escaped, with every info entry's XMP equivalent (ISO 19005-2 §6.6.2.3).
import type { AfRelationship, DocumentMetadata, PageBoundaries, PdfStandard } from '../engine';
import { facturXmp } from './factur-x';

/** A file carried inside the PDF. */
export interface PdfAttachment {
  /** the file name a reader shows and saves as, e.g. `factur-x.xml` */
  readonly name: string;
  /** MIME type, e.g. `text/xml` */
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly description?: string;
  /** default 'Unspecified' */
  readonly relationship?: AfRelationship;
}

/** One bookmark: a heading, its level (1 = top) and where it starts. */
export interface OutlineEntry {
  readonly title: string;
  /** 1 for h1 (or bookmark-level: 1), deeper levels nest under the last shallower entry */
  readonly level: number;
  /** 0-based page index */
  readonly pageIndex: number;
  /** distance of the heading's top from the page's top edge, in pt */
  readonly y: number;
  /** bookmark-state: open shows its children in the viewer's outline; default closed */
  readonly open?: boolean;
}

export interface DocumentInfoOptions {
  /** title, author, subject, keywords, creator and language from the document's head */
  readonly metadata?: DocumentMetadata;
  /** CreationDate and ModDate: the template version's time; default DEFAULT_DOCUMENT_DATE, never "now" */
  readonly creationDate?: Date;
  readonly standard?: PdfStandard;
  readonly attachments?: readonly PdfAttachment[];
  readonly outline?: readonly OutlineEntry[];
  /** per page: its TrimBox and BleedBox (pages with a bleed) */
  readonly pageBoundaries?: readonly (PageBoundaries | undefined)[];
}

/** the date of a PDF whose caller gives none: fixed, so the same input gives the same bytes */
const DEFAULT_DOCUMENT_DATE = new Date(Date.UTC(2000, 0, 1));

const PRODUCER = 'Platen';

/**
 * pdfkit's document options: the info dictionary, the language, the standard and the PDF
 * version (1.3 unless a standard needs more), no default font, no first page. `given` info
 * entries (tests, callers) win over the document's head. The info entries are in the order
 * pdfmake 0.3.11 gave them (Producer, Creator, then the others), which the file ID hashes.
 */
export function documentOptions(options: DocumentInfoOptions, given: Record<string, unknown> = {}): Record<string, unknown> {
  const m = options.metadata ?? {};
  const date = options.creationDate ?? DEFAULT_DOCUMENT_DATE;
  const entries: Record<string, unknown> = {
    title: m.title, author: m.author, subject: m.subject, keywords: m.keywords,
    creator: m.creator ?? PRODUCER, producer: PRODUCER, creationDate: date, modDate: date,
    ...given,
  };
  const info: Record<string, unknown> = { Producer: PRODUCER, Creator: PRODUCER };
  for (const [key, value] of Object.entries(entries)) if (value) info[key.charAt(0).toUpperCase() + key.slice(1)] = value;
  // pdfkit writes the XMP packet (and so the pdfaid entries) only above PDF 1.3
  return { info, lang: m.lang, subset: options.standard, pdfVersion: options.standard ? '1.7' : '1.3', font: null, autoFirstPage: false };
}

/** What this module touches of a pdfkit document (its pages drawn, before end()). */
interface PdfkitDocumentLike {
  info: Record<string, unknown>;
  _root: { data: { Pages: { data: { Kids: PageRefLike[] } } } };
  outline: OutlineNodeLike;
  appendXML(xml: string, newline?: boolean): void;
  file(src: Buffer, options: Record<string, unknown>): unknown;
  _addInfo(): void;
}
interface PageRefLike { data: { MediaBox: number[] } }
interface OutlineNodeLike {
  outlineData: Record<string, unknown>;
  addItem(title: string, options: { pageNumber: number; expanded: boolean; fit: boolean }): OutlineNodeLike;
}

/**
 * Before the document ends: the embedded files, the escaped XMP packet, the outline. The files
 * go to pdfkit's file() as bytes (pdfmake's `files` key would first look their bytes up as a
 * name in its virtual file system).
 */
export function finishDocumentInfo(doc: unknown, options: DocumentInfoOptions): void {
  const kit = doc as PdfkitDocumentLike;
  const date = options.creationDate ?? DEFAULT_DOCUMENT_DATE;
  for (const a of options.attachments ?? []) {
    kit.file(Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength), {
      name: a.name, type: a.contentType, relationship: a.relationship ?? 'Unspecified', creationDate: date, modifiedDate: date,
      ...(a.description ? { description: a.description } : {}),
    });
  }
  // an e-invoice among the files of a PDF/A-3 document is announced in the XMP packet too
  const invoice = options.standard === 'PDF/A-3b' && options.attachments ? facturXmp(options.attachments) : undefined;
  kit._addInfo = function addEscapedInfo(this: PdfkitDocumentLike) {
    this.appendXML(xmpInfo(this.info, options.metadata?.lang));
    if (invoice) this.appendXML(invoice);
  };
  if (options.outline?.length) addOutline(kit, options.outline);
  options.pageBoundaries?.forEach((b, i) => { const page = kit._root.data.Pages.data.Kids[i]; if (b && page) Object.assign(page.data, b); });
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const xmpDate = (d: unknown): string => (d instanceof Date ? `${d.toISOString().slice(0, 19)}Z` : xml(d));

/** The XMP equivalents of the info dictionary's entries (ISO 19005-2 §6.6.2.3.1, table 3). */
function xmpInfo(info: Record<string, unknown>, lang: string | undefined): string {
  const out: string[] = ['<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">'];
  if (info.CreationDate) out.push(`<xmp:CreateDate>${xmpDate(info.CreationDate)}</xmp:CreateDate>`);
  if (info.ModDate) out.push(`<xmp:ModifyDate>${xmpDate(info.ModDate)}</xmp:ModifyDate>`);
  if (info.Creator) out.push(`<xmp:CreatorTool>${xml(info.Creator)}</xmp:CreatorTool>`);
  out.push('</rdf:Description>');
  if (info.Title || info.Author || info.Subject || lang) {
    out.push('<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">');
    if (info.Title) out.push(`<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(info.Title)}</rdf:li></rdf:Alt></dc:title>`);
    if (info.Author) out.push(`<dc:creator><rdf:Seq><rdf:li>${xml(info.Author)}</rdf:li></rdf:Seq></dc:creator>`);
    if (info.Subject) out.push(`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xml(info.Subject)}</rdf:li></rdf:Alt></dc:description>`);
    if (lang) out.push(`<dc:language><rdf:Bag><rdf:li>${xml(lang)}</rdf:li></rdf:Bag></dc:language>`);
    out.push('</rdf:Description>');
  }
  out.push('<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">');
  if (info.Producer) out.push(`<pdf:Producer>${xml(info.Producer)}</pdf:Producer>`);
  if (info.Keywords) out.push(`<pdf:Keywords>${xml(info.Keywords)}</pdf:Keywords>`);
  out.push('</rdf:Description>');
  return out.join('\n');
}

/**
 * ISO 32000-1 §12.3.3 the document outline: each entry nests under the last entry of a
 * shallower level and points at its page, scrolled to its top (an XYZ destination, zoom
 * unchanged). pdfkit's addItem makes the items and links them at end(); its own XYZ
 * destination mixes up the left coordinate, so the destination is written here.
 */
function addOutline(doc: unknown, entries: readonly OutlineEntry[]): void {
  const kit = doc as PdfkitDocumentLike;
  const pages = kit._root.data.Pages.data.Kids;
  const open: { level: number; node: OutlineNodeLike }[] = [];
  for (const entry of entries) {
    const title = entry.title.replace(/\s+/g, ' ').trim();
    const page = pages[entry.pageIndex];
    if (!title || !page || !Number.isInteger(entry.pageIndex)) continue;
    while (open.length && open[open.length - 1]!.level >= entry.level) open.pop();
    const parent = open.length ? open[open.length - 1]!.node : kit.outline;
    const node = parent.addItem(title, { pageNumber: entry.pageIndex, expanded: entry.open === true, fit: true });
    const height = page.data.MediaBox[3] ?? 0;
    const top = Math.round(Math.min(height, Math.max(0, height - entry.y)) * 100) / 100;
    node.outlineData.Dest = [page, 'XYZ', null, top, null];
    open.push({ level: entry.level, node });
  }
}
