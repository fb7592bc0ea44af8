// CSS Cascading 4 §2 and §6.1: the style sheets of a document, gathered in cascade order —
// the UA sheet (and the quirks sheet), then the author's <style> and <link> sheets in
// document order with their @imports before them, then the template CSS. Each sheet keeps
// where its offsets point (for located diagnostics) and the directory its url()s are
// relative to.
import { DiagnosticList, type DiagnosticCode, type SourceLocation } from '../diagnostics';
import type { DomDocument } from '../dom';
import { LineIndex } from '../dom/lines';
import { componentValues, type CV } from '../css/syntax';
import { loadResource, normaliseAssetPath, type LoadContext } from '../resources';
import type { ContentItem } from './computed';
import type { CompiledDecl, Problem } from './declarations';
import { compileSheet, type CompiledSheet, type FontFaceItem } from './sheets';
import { QUIRKS_CSS, UA_CSS } from './ua';

const MAX_IMPORT_DEPTH = 8;

/** A sheet in cascade order, with where its offsets point. */
export interface PlacedSheet {
  readonly sheet: CompiledSheet;
  readonly origin: 'ua' | 'author';
  /** directory of the sheet's URL, for relative url()s inside it ('' = the template's root) */
  readonly base: string;
  readonly locate: (offset: number) => SourceLocation;
  /** media conditions from the <style media>/<link media>/@import list that brought it in */
  readonly mediaText: readonly (readonly CV[])[];
}

export function locator(source: string, label: string, base?: { line: number; column: number }): (offset: number) => SourceLocation {
  let lines: LineIndex | undefined;
  return (offset) => {
    lines ??= new LineIndex(source, base);
    return { ...lines.locate(offset), source: label };
  };
}

export function replayProblems(problems: readonly Problem[], locate: (offset: number) => SourceLocation, diagnostics: DiagnosticList): void {
  for (const p of problems) diagnostics.report(p.code, p.message, locate(p.at));
}

let uaSheet: PlacedSheet | undefined;
function uaPlaced(): PlacedSheet {
  uaSheet ??= { sheet: compileSheet(UA_CSS), origin: 'ua', base: '', locate: locator(UA_CSS, 'ua.css'), mediaText: [] };
  return uaSheet;
}
let quirksSheet: PlacedSheet | undefined;
function quirksPlaced(): PlacedSheet {
  quirksSheet ??= { sheet: compileSheet(QUIRKS_CSS), origin: 'ua', base: '', locate: locator(QUIRKS_CSS, 'quirks.css'), mediaText: [] };
  return quirksSheet;
}

/**
 * The document's sheets in cascade order: UA (and quirks), then every <style> and <link
 * rel=stylesheet> in document order with its @imports, then the template CSS.
 */
export function documentSheets(o: { readonly doc: DomDocument; readonly css: string; readonly load: LoadContext; readonly diagnostics: DiagnosticList }): PlacedSheet[] {
  const { doc, load, diagnostics } = o;
  const quirks = doc.mode === 'quirks';
  const sheets: PlacedSheet[] = quirks ? [uaPlaced(), quirksPlaced()] : [uaPlaced()];
  const visiting = new Set<string>();
  for (const s of doc.styles) {
    if (s.kind === 'style') {
      const sheet = compileSheet(s.text, quirks);
      const locate = locator(s.text, 'document', { line: s.loc.line, column: s.loc.column });
      const media = s.media ? [mediaTokens(s.media)] : [];
      addSheet(sheets, { sheet, origin: 'author', base: '', locate, mediaText: media }, load, visiting, 0, diagnostics, quirks);
    } else {
      const path = normaliseAssetPath(s.href);
      const res = loadResource(s.href, 'stylesheet', load, s.loc);
      if (!res) continue;
      const text = decodeText(res.bytes);
      const sheet = compileSheet(text, quirks);
      const base = path && !/^data:/i.test(s.href.trim()) ? dirname(path) : '';
      const media = s.media ? [mediaTokens(s.media)] : [];
      addSheet(sheets, { sheet, origin: 'author', base, locate: locator(text, path ?? 'stylesheet'), mediaText: media }, load, visiting, 0, diagnostics, quirks);
    }
  }
  if (o.css.trim()) {
    addSheet(sheets, { sheet: compileSheet(o.css, quirks), origin: 'author', base: '', locate: locator(o.css, 'template CSS'), mediaText: [] }, load, visiting, 0, diagnostics, quirks);
  }
  return sheets;
}

function mediaTokens(text: string): CV[] {
  // a media attribute is a media query list; evaluated later against the final page area
  let v = mediaCache.get(text);
  if (!v) { v = componentValues(text); if (mediaCache.size < 256) mediaCache.set(text, v); }
  return v;
}
const mediaCache = new Map<string, CV[]>();

function decodeText(bytes: Uint8Array): string {
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text;
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i + 1);
}

/** Resolves a URL written in a sheet at `base` into a template-relative one. */
export function rebaseUrl(url: string, base: string): string {
  if (!base) return url;
  const t = url.trim();
  if (t === '' || t.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('/')) return url;
  return base + t;
}

function addSheet(out: PlacedSheet[], placed: PlacedSheet, load: LoadContext, visiting: Set<string>, depth: number, diagnostics: DiagnosticList, quirks: boolean): void {
  replayProblems(placed.sheet.problems, placed.locate, diagnostics);
  // CSS Cascading 4 §2: @import'ed sheets come before the rules of the sheet importing them
  for (const item of placed.sheet.items) {
    if (item.kind !== 'import') continue;
    const at = placed.locate(item.at);
    if (depth >= MAX_IMPORT_DEPTH) { diagnostics.report('import-refused', `@import nested deeper than ${MAX_IMPORT_DEPTH} levels is ignored`, at); continue; }
    const url = rebaseUrl(item.url, placed.base);
    const key = normaliseAssetPath(url) ?? url;
    if (visiting.has(key)) { diagnostics.report('import-refused', `@import cycle through "${item.url}" is ignored`, at); continue; }
    const res = loadImport(url, load, at);
    if (!res) continue;
    const text = decodeText(res.bytes);
    visiting.add(key);
    const path = normaliseAssetPath(url);
    addSheet(out, {
      sheet: compileSheet(text, quirks), origin: placed.origin,
      base: path && !/^data:/i.test(url.trim()) ? dirname(path) : '',
      locate: locator(text, path ?? 'import'),
      mediaText: [...placed.mediaText, ...item.media, ...(item.mediaQuery.length ? [item.mediaQuery] : [])],
    }, load, visiting, depth + 1, diagnostics, quirks);
    visiting.delete(key);
  }
  out.push(placed);
}

/** @import goes through the same closed world; a refusal is an import-refused diagnostic. */
function loadImport(url: string, load: LoadContext, at: SourceLocation) {
  const probe: LoadContext = { ...load, diagnostics: new RefusedImport(load.diagnostics) };
  return loadResource(url, 'stylesheet', probe, at);
}

class RefusedImport extends DiagnosticList {
  constructor(private readonly target: DiagnosticList) { super(); }
  override report(code: DiagnosticCode, message: string, at?: Partial<SourceLocation>): void {
    this.target.report(code === 'resource-refused' ? 'import-refused' : code, message, at);
  }
}

export function rebaseFontFace(item: FontFaceItem, base: string): FontFaceItem {
  if (!base) return item;
  return {
    ...item,
    declarations: item.declarations.map((d) => (d.name === 'src' ? { ...d, value: rebaseTokens(d.value, base) } : d)),
  };
}

function rebaseTokens(items: readonly CV[], base: string): CV[] {
  return items.map((x): CV => {
    if (x.t === 'url') return { ...x, v: rebaseUrl(x.v, base) };
    if (x.t === 'func' && x.name === 'url' && x.args[0]?.t === 'str') return { ...x, args: [{ ...x.args[0], v: rebaseUrl(x.args[0].v, base) }, ...x.args.slice(1)] };
    return x;
  });
}

/** url()s in a linked sheet are relative to the sheet: rewrite image values once per (sheet, base). */
export function rebaseDecls(decls: readonly CompiledDecl[], base: string): readonly CompiledDecl[] {
  const key = decls;
  const hit = rebasedCache.get(key)?.get(base);
  if (hit) return hit;
  const out = decls.map((d): CompiledDecl => {
    if (d.k === 'value' && d.name === 'list-style-image' && typeof d.value === 'object' && d.value !== null && 'url' in d.value) {
      return { ...d, value: { url: rebaseUrl((d.value as { url: string }).url, base) } };
    }
    if (d.k === 'value' && d.name === 'background-image' && Array.isArray(d.value)) {
      return { ...d, value: (d.value as unknown[]).map((l) => (typeof l === 'object' && l !== null && 'url' in l ? { url: rebaseUrl((l as { url: string }).url, base) } : l)) };
    }
    if (d.k === 'value' && d.name === 'content' && Array.isArray(d.value)) {
      return { ...d, value: (d.value as ContentItem[]).map((c) => (c.kind === 'url' ? { ...c, url: rebaseUrl(c.url, base) } : c)) };
    }
    if (d.k === 'pending' || d.k === 'custom') return { ...d, tokens: rebaseTokens(d.tokens, base) };
    return d;
  });
  let m = rebasedCache.get(key);
  if (!m) { m = new Map(); rebasedCache.set(key, m); }
  m.set(base, out);
  return out;
}
const rebasedCache = new WeakMap<readonly CompiledDecl[], Map<string, readonly CompiledDecl[]>>();
