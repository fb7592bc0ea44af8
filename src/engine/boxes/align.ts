// HTML §15.3.3 presentational alignment (`align` on td, th, tr, div, p, ...) maps to Blink's
// `text-align: -webkit-center/-webkit-right/-webkit-left`, which inherits like any value but is
// reset to `start` on <table> elements ("tables never support the -webkit-* values",
// Blink StyleAdjuster). Email templates rely on this: text in a table nested in a centred cell
// starts at the left. The computed style cannot tell -webkit-center from center, so this pass
// follows where an inherited alignment came from an `align` attribute and applies the reset.
import type { ComputedStyle } from '../cascade/computed';
import type { StyledElement, StyledNode } from '../cascade/styled';

const ALIGN: Record<string, ComputedStyle['textAlign']> = { center: 'center', middle: 'center', right: 'right', left: 'left', justify: 'justify' };
const NOT_TEXT_ALIGN = new Set(['table', 'img', 'caption', 'hr', 'iframe', 'object', 'embed', 'legend', 'input', 'applet']);

/** The styled tree with Blink's table reset of attribute alignment applied (a new tree only where it changes). */
export function resetAttributeAlignment(root: StyledElement): StyledElement {
  return walk(root, undefined, undefined, undefined) as StyledElement;
}

/**
 * `fromAttr`: the alignment in effect came from an align attribute (its value), else undefined.
 * `reset`: inside a table that reset it: values equal to `reset.from` are inherited ones, now `start`.
 */
function walk(el: StyledElement, parentAlign: ComputedStyle['textAlign'] | undefined, fromAttr: string | undefined, reset: { from: string } | undefined): StyledNode {
  let style = el.style;
  const own = el.attrs.align?.toLowerCase();
  const attrAlign = own !== undefined && !NOT_TEXT_ALIGN.has(el.tag) ? ALIGN[own] : undefined;
  let nextFrom = fromAttr;
  let nextReset = reset;
  if (attrAlign !== undefined && style.textAlign === attrAlign) { nextFrom = attrAlign; nextReset = undefined; }
  else if (reset && style.textAlign === reset.from && parentAlign === 'start') {
    style = { ...style, textAlign: 'start' }; // inherited from above the table that reset it
  } else if (parentAlign !== undefined && style.textAlign !== parentAlign && !(reset && style.textAlign === reset.from)) {
    nextFrom = undefined; nextReset = undefined; // set by the author
  }
  if (el.tag === 'table' && nextFrom !== undefined && style.textAlign === nextFrom) {
    style = { ...style, textAlign: 'start' };
    nextReset = { from: nextFrom };
    nextFrom = undefined;
  }
  let changed = style !== el.style;
  const children = el.children.map((c) => {
    if (c.kind === 'text') return style === el.style ? c : { ...c, style };
    const n = walk(c, style.textAlign, nextFrom, nextReset);
    if (n !== c) changed = true;
    return n;
  });
  if (!changed) return el;
  return { ...el, style, children };
}
