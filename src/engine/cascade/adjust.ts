// Fix-ups of computed values that depend on where the element stands: CSS 2.1 §9.7 and
// CSS Display 3 §2.7 blockification (floats, absolute positioning, the root, flex and grid
// items), the text-align adjustments of tables and header cells (Blink, HTML §15.3.8), and
// CSS Overflow 3 §3.3 the overflow the root or the body gives to the viewport.
import type { ComputedValues } from './properties';
import type { ElementValues } from './style';

/** CSS Display 3 §2.7 blockification: the block-level counterpart of a display value. */
const BLOCKIFY: Partial<Record<ComputedValues['display'], ComputedValues['display']>> = {
  inline: 'block', 'inline-block': 'block', 'inline-table': 'table', 'inline-flex': 'flex', 'inline-grid': 'grid',
  'table-row-group': 'block', 'table-header-group': 'block', 'table-footer-group': 'block', 'table-row': 'block',
  'table-cell': 'block', 'table-caption': 'block', 'table-column': 'block', 'table-column-group': 'block',
};

/**
 * CSS 2.1 §9.7 and CSS Display 3 §2.7: absolutely positioned and floated boxes, the root,
 * and flex/grid items have a block-level computed display; absolute positioning makes the
 * computed float none.
 */
export function adjustDisplay(given: ElementValues, parent: ElementValues | undefined): ElementValues {
  const own = adjustLegacyBox(given);
  const v = own.values;
  if (v.display === 'none') return own;
  const absolute = v.position === 'absolute' || v.position === 'fixed';
  const pd = parent?.values.display;
  const item = pd === 'flex' || pd === 'inline-flex' || pd === 'grid' || pd === 'inline-grid';
  const root = parent === undefined;
  if (!absolute && v.float === 'none' && !item && !root) return own;
  let display: ComputedValues['display'] = v.display;
  if (root && display === 'contents') display = 'block';
  else if (display !== 'contents') display = BLOCKIFY[display] ?? display;
  const float = absolute ? 'none' : v.float;
  if (display === v.display && float === v.float) return own;
  const values: ComputedValues = { ...v, display, float };
  const adjusted: ElementValues = { values, customs: own.customs, style: { ...own.style, display, float } };
  // CSS 2.1 §10.3.7: the static position of an absolutely positioned box that was inline-level is an inline one
  return absolute && INLINE_LEVEL.has(v.display) ? { ...adjusted, inlineStatic: true } : adjusted;
}

/**
 * The legacy flexible box as Chromium 156 lays it out: `display: -webkit-box` (or
 * -webkit-inline-box) with `-webkit-box-orient: vertical` and a `-webkit-line-clamp` is a block
 * container that clamps its lines (CSS Overflow 4 §5, layout/clamp.ts); any other -webkit-box is
 * a flex container whose direction is its -webkit-box-orient. On any other box the line clamp
 * does nothing (its used value is none).
 */
function adjustLegacyBox(own: ElementValues): ElementValues {
  const v = own.values;
  const legacy = v.display === '-webkit-box' || v.display === '-webkit-inline-box';
  const inline = v.display === '-webkit-inline-box';
  const vertical = v['-webkit-box-orient'] === 'vertical' || v['-webkit-box-orient'] === 'block-axis';
  if (legacy && vertical && v['-webkit-line-clamp'] !== 'none') {
    const display = inline ? 'inline-block' : 'flow-root';
    return { ...own, values: { ...v, display }, style: { ...own.style, display } };
  }
  if (!legacy) {
    if (v['-webkit-line-clamp'] === 'none') return own;
    return { ...own, values: { ...v, '-webkit-line-clamp': 'none' }, style: { ...own.style, WebkitLineClamp: 'none' } };
  }
  const display = inline ? 'inline-flex' : 'flex';
  const flexDirection = vertical ? 'column' : 'row';
  return {
    ...own,
    values: { ...v, display, 'flex-direction': flexDirection, '-webkit-line-clamp': 'none' },
    style: { ...own.style, display, flexDirection, WebkitLineClamp: 'none' },
  };
}

const INLINE_LEVEL: ReadonlySet<ComputedValues['display']> = new Set(['inline', 'inline-block', 'inline-table', 'inline-flex', 'inline-grid', '-webkit-inline-box']);

/**
 * text-align fix-ups that depend on the element and its parent:
 * - Blink StyleAdjuster: "tables never support the -webkit-* values of text-align". The value
 *   an align attribute gave (inherited into the table) becomes start, so text in a table nested
 *   in a centred cell starts at the left, while an author's own text-align: center stays.
 * - HTML §15.3.8: a th is centred only where its parent's text-align is the initial start;
 *   otherwise it takes the parent's value (ua.css gives th -internal-center, as Blink's does),
 *   so a table with text-align: left has left-aligned header cells.
 * - -webkit-match-parent takes the parent's value, its start and end made left and right by the
 *   parent's direction (Blink's StyleBuilderConverter).
 */
export function adjustTextAlign(tag: string, own: ElementValues, parent: ElementValues | undefined): ElementValues {
  const align = own.values['text-align'];
  let used: ComputedValues['text-align'] = align;
  if (align === '-internal-center') {
    const inherited = parent?.values['text-align'] ?? 'start';
    used = inherited === 'start' || inherited === '-internal-center' ? 'center' : inherited;
  }
  if (align === '-webkit-match-parent') {
    const inherited = parent?.values['text-align'] ?? 'start';
    const rtl = parent?.values.direction === 'rtl';
    used = inherited === 'start' ? (rtl ? 'right' : 'left') : inherited === 'end' ? (rtl ? 'left' : 'right') : inherited;
  }
  if (tag === 'table' && (used === '-webkit-center' || used === '-webkit-left' || used === '-webkit-right')) used = 'start';
  if (used === align) return own;
  return { ...own, values: { ...own.values, 'text-align': used }, style: { ...own.style, textAlign: used } };
}

/**
 * CSS Overflow 3 §3.3: the root's overflow applies to the viewport, or the body's when the
 * root's is visible, and the element it came from clips nothing. The viewport of a printed
 * document clips nothing either, so that element's content flows on over the pages; the body
 * keeps its own clip when the root gave the viewport its overflow (`html, body { height: 100%;
 * overflow: hidden }` prints one page in Chromium 156: the body cuts its content at its height).
 * Only the clip (overflowClips) changes: a propagated overflow still makes its element a block
 * formatting context here.
 */
export function adjustOverflow(tag: string, own: ElementValues, parent: ElementValues | undefined, parentIsRoot: boolean): ElementValues {
  if (own.style.overflowClips === 'none') return own;
  const root = parent === undefined;
  const propagates = root || (tag === 'body' && parentIsRoot && parent.values['overflow-x'] === 'visible' && parent.values['overflow-y'] === 'visible');
  if (!propagates) return own;
  return { ...own, style: { ...own.style, overflowClips: 'none' } };
}
