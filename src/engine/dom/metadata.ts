// What a document says about itself in its head, for the PDF's info dictionary and catalog:
// <title>, <meta name=author|description|keywords|generator>, <html lang> (HTML §3.2.6.2),
// and the template's own output standard, <meta name="pdf-standard" content="PDF/A-3b">.
import type { DiagnosticList } from '../diagnostics';
import { pdfStandardFromName, PDF_STANDARDS } from '../pdfStandards';
import type { DocumentMetadata } from '../types';
import { textOf, type DomDocument, type DomElement } from './index';

/** longest metadata value kept, in UTF-16 units: an info entry is not a place for a book */
const MAX_LENGTH = 1000;

// eslint-disable-next-line no-control-regex -- the C0 controls are what is removed
const CONTROLS_AND_SPACES = /[\u0000-\u001f\u007f\s]+/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** BCP 47 in its common shape (RFC 5646 §2.1: language, then subtags of up to 8 letters or digits) */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

export function documentMetadata(doc: DomDocument, diagnostics: DiagnosticList): DocumentMetadata {
  const titleEl = doc.head.children.find((c): c is DomElement => c.kind === 'element' && c.tag === 'title')
    ?? findFirst(doc.root, 'title');
  const clean = (s: string | undefined): string | undefined => {
    // control characters would make the XMP packet ill-formed; lone surrogates, its UTF-8
    const t = s?.replace(LONE_SURROGATE, '\ufffd').replace(CONTROLS_AND_SPACES, ' ').trim();
    return t ? t.slice(0, MAX_LENGTH).replace(/[\uD800-\uDBFF]$/, '') : undefined;
  };
  const out: { -readonly [K in keyof DocumentMetadata]: DocumentMetadata[K] } = {};
  const title = clean(titleEl && textOf(titleEl));
  if (title !== undefined) out.title = title;
  const author = clean(doc.meta.author);
  if (author !== undefined) out.author = author;
  const subject = clean(doc.meta.description);
  if (subject !== undefined) out.subject = subject;
  const keywords = clean(doc.meta.keywords);
  if (keywords !== undefined) out.keywords = keywords;
  const creator = clean(doc.meta.generator);
  if (creator !== undefined) out.creator = creator;
  const lang = clean(doc.root.attrs.lang ?? doc.root.attrs['xml:lang']);
  if (lang !== undefined) {
    if (LANGUAGE_TAG.test(lang)) out.lang = lang;
    else diagnostics.report('invalid-value', `Ignored <html lang="${lang.slice(0, 40)}">: not a BCP 47 language tag`, doc.root.loc);
  }
  const standard = clean(doc.meta['pdf-standard']);
  if (standard !== undefined) {
    const known = pdfStandardFromName(standard);
    if (known) out.pdfStandard = known;
    else diagnostics.report('invalid-value', `Ignored <meta name="pdf-standard" content="${standard.slice(0, 40)}">: one of ${PDF_STANDARDS.join(', ')}`);
  }
  return out;
}

function findFirst(el: DomElement, tag: string): DomElement | undefined {
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    if (c.tag === tag) return c;
    const hit = c.tag === 'svg' ? undefined : findFirst(c, tag);
    if (hit) return hit;
  }
  return undefined;
}
