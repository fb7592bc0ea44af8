// CSS 2.1 §17 tables on the layout stage.
// (A placeholder: the table layout lands here.)
import type { TableBox } from '../boxes/table';
import { EMPTY_STRUT, strutSize, type BlockInput, type BlockResult, type LayoutContext } from './context';

export function layoutTable(box: TableBox, input: BlockInput, _ctx: LayoutContext): BlockResult {
  const y = input.y + strutSize(input.marginStrut);
  return {
    fragment: { kind: 'box', style: box.style, element: box.element, x: input.cbX, y, width: input.cbWidth, height: 0, border: { top: 0, right: 0, bottom: 0, left: 0 }, padding: { top: 0, right: 0, bottom: 0, left: 0 }, children: [] },
    marginStrut: EMPTY_STRUT, bottom: y, firstBaseline: undefined, lastBaseline: undefined,
  };
}
