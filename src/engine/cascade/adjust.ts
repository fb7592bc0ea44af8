// Fix-ups of computed values that depend on where the element stands: CSS 2.1 §9.7 and
// CSS Display 3 §2.7 blockification (floats, absolute positioning, the root, flex and grid
// items), and Blink's table text-align adjustment.
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
export function adjustDisplay(own: ElementValues, parent: ElementValues | undefined): ElementValues {
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
  return { values, customs: own.customs, style: { ...own.style, display, float } };
}

/**
 * Blink StyleAdjuster: "tables never support the -webkit-* values of text-align". The value
 * an align attribute gave (inherited into the table) becomes start, so text in a table nested
 * in a centred cell starts at the left, while an author's own text-align: center stays.
 */
export function adjustTableTextAlign(tag: string, own: ElementValues): ElementValues {
  const align = own.values['text-align'];
  if (tag !== 'table' || (align !== '-webkit-center' && align !== '-webkit-left' && align !== '-webkit-right')) return own;
  return { values: { ...own.values, 'text-align': 'start' }, customs: own.customs, style: { ...own.style, textAlign: 'start' } };
}
