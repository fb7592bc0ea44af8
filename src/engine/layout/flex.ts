// CSS Flexible Box Layout 1 §9 on the layout stage.
// (A placeholder that stacks the items as blocks: the flex layout lands here.)
import type { FlexBox } from '../boxes/types';
import { strutSize, EMPTY_STRUT, type BlockInput, type BlockResult, type LayoutContext } from './context';
import type { BoxFragment } from './fragments';

export function layoutFlex(box: FlexBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  let y = input.y + strutSize(input.marginStrut);
  const top = y;
  const children: BoxFragment[] = [];
  for (const item of box.items) {
    const r = ctx.layoutIndependent(item, { x: input.cbX, y, cbWidth: input.cbWidth, cbHeight: undefined, borderBoxWidth: input.cbWidth, absolutes: input.absolutes }, ctx);
    if (r.fragment) { children.push(r.fragment); y = r.fragment.y + r.fragment.height; }
  }
  const fragment: BoxFragment = { kind: 'box', style: box.style, element: box.element, x: input.cbX, y: top, width: input.cbWidth, height: y - top, border: { top: 0, right: 0, bottom: 0, left: 0 }, padding: { top: 0, right: 0, bottom: 0, left: 0 }, children };
  return { fragment, marginStrut: EMPTY_STRUT, bottom: y, firstBaseline: undefined, lastBaseline: undefined };
}
