// HTML §15 presentational hints: attributes that browsers map to CSS at author level with
// zero specificity, before any author rule (width, align, bgcolor, border, cellpadding, ...).
// Each element's hints become a small declaration block, compiled like a style="" attribute.
import type { MatchElement } from './match';

/** HTML §2.3.4.4 "rules for parsing dimension values": "100" → 100px, "50%" → 50%. */
function dimension(v: string | undefined, allowZero = true): string | undefined {
  if (v === undefined) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)/.exec(v);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!allowZero && n === 0) return undefined;
  return m[2] ? `${n}%` : `${n}px`;
}

/** HTML §2.3.4.1 "rules for parsing non-negative integers" (cellpadding and cellspacing: "5.5" is 5, "20%" is 20). */
export function nonNegativeInteger(v: string | undefined): number | undefined {
  const m = v === undefined ? null : /^[\t\n\f\r ]*\+?(\d+)/.exec(v);
  return m ? Number(m[1]) : undefined;
}
const integerPx = (v: string | undefined) => { const n = nonNegativeInteger(v); return n === undefined ? undefined : `${n}px`; };

/** HTML §2.3.6 "rules for parsing a legacy colour value", the common cases. */
function legacyColor(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  const t = v.trim();
  if (t === '' || t.toLowerCase() === 'transparent') return undefined;
  if (/^#?[0-9a-fA-F]{6}$/.test(t)) return t.startsWith('#') ? t : `#${t}`;
  if (/^#[0-9a-fA-F]{3}$/.test(t)) return t;
  if (/^[a-zA-Z]+$/.test(t)) return t;
  if (/^(?:rgb|hsl)a?\(/i.test(t)) return t;
  return undefined;
}

// HTML §15.3.3 / Blink: align=left|right|center map to the -webkit-* values, which a <table> resets.
const ALIGN_TEXT: Record<string, string> = { left: '-webkit-left', right: '-webkit-right', center: '-webkit-center', middle: '-webkit-center', justify: 'justify', absmiddle: '-webkit-center' };
const VALIGN: Record<string, string> = { top: 'top', middle: 'middle', bottom: 'bottom', baseline: 'baseline', center: 'middle' };
const FONT_SIZES = ['x-small', 'x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];

const SVG_PAINT = ['fill', 'stroke', 'stroke-width', 'fill-opacity', 'stroke-opacity', 'opacity'] as const;
/** an attribute's value as a declaration's (none that could end the declaration or open a block) */
const svgValue = (v: string | undefined) => (v !== undefined && /^[#\w\s.,%()-]+$/.test(v) ? v : undefined);

function nearestTable(e: MatchElement): MatchElement | undefined {
  for (let p = e.parent; p; p = p.parent) if (p.tag === 'table') return p;
  return undefined;
}

// the hints of the element being styled (one list for every call: styling is not reentrant)
const hints: string[] = [];
const add = (prop: string, value: string | undefined) => { if (value !== undefined) hints.push(`${prop}:${value}`); };

/** The element's hints as declaration-list text ('' when none). */
export function presentationalHints(e: MatchElement): string {
  const a = e.el.attrs;
  const out = hints;
  out.length = 0;
  switch (e.tag) {
    case 'table': {
      add('width', dimension(a.width, false));
      add('height', dimension(a.height, false));
      add('background-color', legacyColor(a.bgcolor));
      const align = a.align?.toLowerCase();
      if (align === 'center') { add('margin-left', 'auto'); add('margin-right', 'auto'); }
      else if (align === 'left' || align === 'right') add('float', align);
      if (a.cellspacing !== undefined) add('border-spacing', integerPx(a.cellspacing));
      if (a.border !== undefined) {
        const px = parseInt(a.border, 10);
        const w = Number.isNaN(px) ? 1 : px;
        // HTML §15.3.8 as Chromium 156 maps it: in the text colour (currentcolor), not gray;
        // with a bordercolor attribute solid in that colour
        const color = legacyColor(a.bordercolor);
        if (w > 0) { add('border-width', `${w}px`); add('border-style', color ? 'solid' : 'outset'); add('border-color', color); }
      }
      if (a.frame || a.rules) { /* rare; not mapped */ }
      break;
    }
    case 'td': case 'th': {
      add('width', dimension(a.width, false));
      add('height', dimension(a.height, false));
      add('background-color', legacyColor(a.bgcolor));
      const align = a.align?.toLowerCase();
      if (align && ALIGN_TEXT[align]) add('text-align', ALIGN_TEXT[align]);
      const valign = a.valign?.toLowerCase();
      if (valign && VALIGN[valign]) add('vertical-align', VALIGN[valign]);
      if (a.nowrap !== undefined) add('white-space', 'nowrap');
      const table = nearestTable(e);
      if (table) {
        const pad = table.el.attrs.cellpadding;
        if (pad !== undefined) add('padding', integerPx(pad));
        const border = table.el.attrs.border;
        if (border !== undefined && (Number.isNaN(parseInt(border, 10)) || parseInt(border, 10) > 0)) {
          // (the cell's own text colour, or the table's bordercolor: Chromium 156)
          const color = legacyColor(table.el.attrs.bordercolor);
          add('border', color ? '1px solid' : '1px inset'); add('border-color', color);
        }
      }
      break;
    }
    case 'tr': case 'thead': case 'tbody': case 'tfoot': {
      add('background-color', legacyColor(a.bgcolor));
      const align = a.align?.toLowerCase();
      if (align && ALIGN_TEXT[align]) add('text-align', ALIGN_TEXT[align]);
      const valign = a.valign?.toLowerCase();
      if (valign && VALIGN[valign]) add('vertical-align', VALIGN[valign]);
      add('height', e.tag === 'tr' ? dimension(a.height, false) : undefined);
      break;
    }
    case 'col': case 'colgroup':
      add('width', dimension(a.width, false));
      break;
    case 'img': case 'object': case 'embed': case 'video': case 'iframe': case 'canvas': case 'svg': {
      add('width', dimension(a.width));
      add('height', dimension(a.height));
      if (a.border !== undefined) { const b = dimension(a.border); if (b) { add('border-width', b); add('border-style', 'solid'); } }
      const align = a.align?.toLowerCase();
      if (align === 'left' || align === 'right') add('float', align);
      else if (align === 'middle' || align === 'absmiddle' || align === 'center') add('vertical-align', 'middle');
      else if (align === 'top' || align === 'bottom') add('vertical-align', align);
      if (a.hspace !== undefined) { const h = dimension(a.hspace); add('margin-left', h); add('margin-right', h); }
      if (a.vspace !== undefined) { const v = dimension(a.vspace); add('margin-top', v); add('margin-bottom', v); }
      if (e.tag === 'svg') for (const name of SVG_PAINT) add(name, svgValue(a[name]));
      break;
    }
    case 'p': case 'div': case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': case 'caption': case 'legend': {
      const align = a.align?.toLowerCase();
      if (align && ALIGN_TEXT[align]) add('text-align', ALIGN_TEXT[align]);
      break;
    }
    case 'font': {
      add('color', legacyColor(a.color));
      if (a.face) add('font-family', a.face.split(',').map((f) => JSON.stringify(f.trim())).join(','));
      if (a.size) {
        const m = /^\s*([+-]?)(\d+)/.exec(a.size);
        if (m) {
          let n = Number(m[2]);
          if (m[1] === '+') n = 3 + n; else if (m[1] === '-') n = 3 - n;
          n = Math.max(1, Math.min(7, n));
          add('font-size', FONT_SIZES[n]);
        }
      }
      break;
    }
    case 'body':
      add('background-color', legacyColor(a.bgcolor));
      add('color', legacyColor(a.text));
      if (a.background) add('background-image', `url(${JSON.stringify(a.background)})`);
      for (const [attr, prop] of [['marginwidth', 'margin-left'], ['marginwidth', 'margin-right'], ['leftmargin', 'margin-left'], ['rightmargin', 'margin-right'], ['marginheight', 'margin-top'], ['marginheight', 'margin-bottom'], ['topmargin', 'margin-top'], ['bottommargin', 'margin-bottom']] as const) {
        add(prop, dimension(a[attr]));
      }
      break;
    case 'br': {
      // HTML §15.3.10: clear="left | right | all | both"
      const clear = a.clear?.toLowerCase();
      if (clear === 'left' || clear === 'right') add('clear', clear);
      else if (clear === 'all' || clear === 'both') add('clear', 'both');
      break;
    }
    case 'hr': {
      add('width', dimension(a.width, false));
      const align = a.align?.toLowerCase();
      if (align === 'left') { add('margin-left', '0'); add('margin-right', 'auto'); }
      else if (align === 'right') { add('margin-left', 'auto'); add('margin-right', '0'); }
      if (a.color) { add('color', legacyColor(a.color)); add('border-color', legacyColor(a.color)); add('background-color', legacyColor(a.color)); }
      if (a.noshade !== undefined) { add('border-style', 'solid'); add('border-color', 'gray'); add('background-color', 'gray'); }
      if (a.size) {
        const n = parseInt(a.size, 10);
        if (n === 1) add('border-bottom-width', '0');
        else if (n > 1) add('height', `${n - 2}px`);
      }
      break;
    }
    case 'ul': case 'ol': case 'li':
      // handled by ua.css attribute selectors (type="a" etc.)
      break;
    case 'pre':
      if (a.wrap !== undefined) add('white-space', 'pre-wrap');
      break;
    // (an input's size and a textarea's cols and rows are not hints: they make the control's
    // intrinsic size, layout/control.ts, which a specified width or height overrides)
    case 'g': case 'path': case 'rect': case 'circle': case 'ellipse': case 'line': case 'polyline': case 'polygon':
    case 'text': case 'tspan': case 'use': case 'symbol':
      // SVG 2 §6.6 presentation attributes: the painting properties author rules may override
      for (const name of SVG_PAINT) add(name, svgValue(a[name]));
      break;
    default:
      break;
  }
  return out.join(';');
}
