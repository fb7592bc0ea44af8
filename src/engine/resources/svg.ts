// SVG sanitizer for inline <svg> and SVG images (issue #5). pdfmake draws SVG with its copy of
// svg-to-pdfkit, which opens <image href> with pdfkit's openImage — a file path there is read
// from disk — and follows <use> references. So before any SVG reaches paint:
//   - the prolog is dropped: no DOCTYPE, no entity declarations (no XXE, no billion laughs; an
//     undeclared `&lol;` stays literal text), no processing instructions (xml-stylesheet);
//   - <script>, <foreignObject>, HTML embedding elements and event handler attributes go;
//   - href/xlink:href must be a local `#id`, except <image>/<feImage> with a PNG/JPEG data:
//     URI; an <image> or <use> pointing anywhere else is removed, other such attributes dropped;
//   - url(...) in attributes and <style> must be `url(#id)`; @import is removed;
//   - <use> references that form a cycle are removed, and an SVG whose <use> expansion would
//     exceed a node budget (nested-use bombs) or that nests too deep is refused.
// The result is re-serialised from the parsed tree (xmlMode), so what pdfmake sees is what was checked.
import { parseDocument } from 'htmlparser2';
import { getOuterHTML } from 'domutils';
import type { AnyNode, Element } from 'domhandler';
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import { componentValues, stripWhitespace } from '../css/syntax';
import { parseColor } from '../css/values';

export interface SvgSanitizeOptions {
  readonly diagnostics?: DiagnosticList;
  readonly at?: Partial<SourceLocation>;
  /** refuse markup longer than this many characters (default 5 MB) */
  readonly maxLength?: number;
  /** refuse when elements plus <use> expansions exceed this (default 20,000) */
  readonly maxExpandedNodes?: number;
  /** refuse nesting deeper than this (default 128) */
  readonly maxDepth?: number;
}

const REMOVED_ELEMENTS = new Set([
  'script', 'foreignobject', 'iframe', 'object', 'embed', 'audio', 'video', 'canvas', 'handler', 'listener',
  'animation', 'font-face-uri', 'color-profile', 'cursor', 'html', 'body', 'link', 'meta', 'base',
]);
const IMAGE_ELEMENTS = new Set(['image', 'feimage']);
const RASTER_DATA_URI = /^\s*data:image\/(?:png|jpe?g)\s*;\s*base64\s*,/i;

/** An attribute name an XML parser accepts (ASCII subset of XML 1.0 Name, one optional prefix). */
const XML_ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(?::[A-Za-z_][A-Za-z0-9_.-]*)?$/;
const localName = (name: string) => name.toLowerCase().replace(/^.*:/, '');

/** Sanitized SVG markup, or undefined (with a diagnostic) when nothing safe is left. */
export function sanitizeSvg(markup: string, options: SvgSanitizeOptions = {}): string | undefined {
  const report = options.diagnostics ? options.diagnostics.report.bind(options.diagnostics) : () => undefined;
  const at = options.at ?? {};
  const maxLength = options.maxLength ?? 5_000_000;
  if (markup.length > maxLength) {
    report('limit-exceeded', `SVG of ${markup.length} characters is over the ${maxLength}-character cap`, at);
    return undefined;
  }
  // The prolog goes before parsing: a DOCTYPE internal subset may hold '>' and markup.
  let text = markup.replace(/^\uFEFF/, '');
  const hadDoctype = /<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text);
  text = text.replace(/<!DOCTYPE[^[>]*(?:\[[\s\S]*?\]\s*)?>/gi, '').replace(/<!ENTITY[\s\S]*?>/gi, '');
  if (hadDoctype) report('resource-refused', 'SVG DOCTYPE and entity declarations are ignored (no external or expanded entities)', at);

  const doc = parseDocument(text, { xmlMode: true, decodeEntities: true });
  const root = findRoot(doc.children);
  if (!root) {
    report('resource-invalid', 'not SVG markup (no <svg> element)', at);
    return undefined;
  }
  root.parent = null;

  const removed = new Map<string, number>();
  const refused = new Set<string>();
  const maxDepth = options.maxDepth ?? 128;
  let tooDeep = false;
  const clean = (el: Element, depth: number): void => {
    if (depth > maxDepth) { tooDeep = true; return; }
    for (const [name, value] of Object.entries(el.attribs)) {
      const attr = name.toLowerCase();
      const local = localName(attr);
      if (local.startsWith('on') || attr === 'xml:base') { delete el.attribs[name]; continue; }
      // HTML parsing keeps names XML refuses (`a"b`, `1x`: a broken style="..." quote); the SVG
      // parser in pdfmake would then throw and fail the whole render, so they go
      if (!XML_ATTRIBUTE_NAME.test(name)) { delete el.attribs[name]; continue; }
      if (local === 'href' || local === 'src') {
        const v = value.trim();
        if (v.startsWith('#')) continue;
        if (IMAGE_ELEMENTS.has(localName(el.name)) && RASTER_DATA_URI.test(v)) continue;
        refused.add(v.slice(0, 80));
        delete el.attribs[name];
        if (IMAGE_ELEMENTS.has(localName(el.name)) || localName(el.name) === 'use') el.attribs['data-platen-remove'] = '1';
        continue;
      }
      if (/url\s*\(/i.test(value) && !onlyLocalUrls(value)) { refused.add(value.slice(0, 80)); delete el.attribs[name]; }
    }
    const kept: AnyNode[] = [];
    for (const child of el.children) {
      if (child.type === 'tag' || child.type === 'script' || child.type === 'style') {
        const c = child as Element;
        const name = localName(c.name);
        if (REMOVED_ELEMENTS.has(name)) { removed.set(name, (removed.get(name) ?? 0) + 1); continue; }
        clean(c, depth + 1);
        if (c.attribs['data-platen-remove']) continue;
        if (name === 'style') sanitizeStyleElement(c, refused);
        kept.push(c);
      } else if (child.type === 'text' || child.type === 'cdata') {
        kept.push(child);
      }
      // comments, processing instructions and directives are dropped
    }
    el.children = kept;
    kept.forEach((c, i) => { c.parent = el; c.prev = kept[i - 1] ?? null; c.next = kept[i + 1] ?? null; });
  };
  clean(root, 0);
  if (tooDeep) {
    report('limit-exceeded', `SVG nested deeper than ${maxDepth} elements`, at);
    return undefined;
  }
  for (const [name, n] of removed) report('html-unsupported', `SVG <${name}> removed${n > 1 ? ` (${n}×)` : ''}`, at);
  for (const ref of refused) report('resource-refused', `SVG reference "${ref}" refused: only #id references and PNG/JPEG data: images are allowed`, at);

  const budget = options.maxExpandedNodes ?? 20_000;
  const uses = checkUses(root, budget);
  for (const id of uses.cycles) report('resource-invalid', `SVG <use> of "#${id}" refers back to itself; removed`, at);
  if (uses.overBudget) {
    report('limit-exceeded', `SVG expands to more than ${budget} elements through <use>; refused`, at);
    return undefined;
  }
  return getOuterHTML(root, { xmlMode: true, decodeEntities: true });
}

function findRoot(nodes: readonly AnyNode[]): Element | undefined {
  for (const n of nodes) {
    if (n.type !== 'tag') continue;
    const el = n as Element;
    if (localName(el.name) === 'svg') return el;
    const inner = findRoot(el.children);
    if (inner) return inner;
  }
  return undefined;
}

/** True when every url(...) in a value is a local `url(#id)` reference. */
function onlyLocalUrls(value: string): boolean {
  const re = /url\s*\(\s*(['"]?)\s*([^'")]*)\1\s*\)/gi;
  let m: RegExpExecArray | null;
  let count = 0;
  while ((m = re.exec(value))) {
    count++;
    if (!m[2]!.trim().startsWith('#')) return false;
  }
  // a url( that the pattern could not read (unbalanced, escaped) is not trusted
  return count === (value.match(/url\s*\(/gi)?.length ?? 0);
}

function sanitizeStyleElement(el: Element, refused: Set<string>): void {
  for (const child of el.children) {
    if (child.type !== 'text') continue;
    let css = child.data;
    if (/@import/i.test(css)) { refused.add('@import'); css = css.replace(/@import[^;]*;?/gi, ''); }
    css = css.replace(/url\s*\([^)]*\)/gi, (u) => {
      if (onlyLocalUrls(u)) return u;
      refused.add(u.slice(0, 80));
      return 'none';
    });
    child.data = css;
  }
}

/**
 * <use> references as a graph: a reference to an element being expanded is a cycle (the use is
 * removed); the total number of elements after expansion must stay within the budget.
 */
function checkUses(root: Element, budget: number): { cycles: string[]; overBudget: boolean } {
  const byId = new Map<string, Element>();
  const index = (el: Element) => {
    const id = el.attribs.id;
    if (id !== undefined && !byId.has(id)) byId.set(id, el);
    for (const c of el.children) if (c.type === 'tag') index(c as Element);
  };
  index(root);
  const size = new Map<Element, number>();
  const active = new Set<Element>();
  const cycles: string[] = [];
  const drop: Element[] = [];
  let overBudget = false;
  const expand = (el: Element): number => {
    const known = size.get(el);
    if (known !== undefined) return known;
    active.add(el);
    let n = 1;
    for (const c of el.children) {
      if (c.type !== 'tag') continue;
      n += expand(c as Element);
      if (n > budget) break;
    }
    if (localName(el.name) === 'use' && n <= budget) {
      const href = (el.attribs.href ?? el.attribs['xlink:href'] ?? '').trim();
      const target = href.startsWith('#') ? byId.get(href.slice(1)) : undefined;
      if (target) {
        if (active.has(target)) { cycles.push(href.slice(1)); drop.push(el); }
        else n += expand(target);
      }
    }
    active.delete(el);
    if (n > budget) overBudget = true;
    size.set(el, Math.min(n, budget + 1));
    return Math.min(n, budget + 1);
  };
  expand(root);
  for (const el of drop) {
    const parent = el.parent as Element | null;
    if (parent) parent.children = parent.children.filter((c) => c !== el);
  }
  return { cycles, overBudget };
}

/**
 * A colour of an SVG paint or colour attribute (fill, stroke, stop-color, ...) as CSS Color 4
 * reads it, for what svg-to-pdfkit's own parser leaves unread (hsl(), hsla(), #rgba,
 * #rrggbbaa, the space-separated and fractional rgb(), named colours in any case): sRGB
 * channels 0–255 and alpha 0–1, or undefined for anything that is no colour.
 */
export function svgColor(raw: string): [rgb: [number, number, number], alpha: number] | undefined {
  if (raw.length > 200) return undefined;
  const values = stripWhitespace(componentValues(raw.trim()));
  if (values.length !== 1) return undefined;
  const c = parseColor(values[0]);
  return c === undefined || c === 'currentcolor' ? undefined : [[c.r, c.g, c.b], c.a];
}

const ROOT_SIZE = /\s(?:width|height)\s*=\s*(?:"[^"]*"|'[^']*')/gi;

/**
 * The markup with its root at a box's size, in pt, for the PDF writer (which reads the root's
 * width and height as pt and maps the viewBox onto them). A root without a viewBox gets one: for
 * an SVG image, its natural size in CSS px, so the drawing scales to the box as Chromium draws
 * `<img src="x.svg">`; for an inline `<svg>` (`natural` undefined), the box in CSS px, so its
 * user units stay CSS px and the drawing keeps its size (SVG 2 §8.2: no viewBox, no scaling).
 */
export function svgAtSize(markup: string, box: { readonly width: number; readonly height: number }, natural?: { readonly width: number; readonly height: number }): string {
  const n = (v: number) => String(Math.round(v * 1000) / 1000);
  return markup.replace(/<svg\b[^>]*>/i, (tag) => {
    const rest = tag.slice(4).replace(ROOT_SIZE, '');
    const view = /\sviewBox\s*=/i.test(tag) ? '' : ` viewBox="0 0 ${n(natural ? natural.width : box.width / 0.75)} ${n(natural ? natural.height : box.height / 0.75)}"`;
    return `<svg width="${n(box.width)}" height="${n(box.height)}"${view}${rest}`;
  });
}
