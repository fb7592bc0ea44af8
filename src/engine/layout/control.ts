// HTML §15.5 form controls as Blink sizes them when printed: the intrinsic content size of a
// text field and a text area, from the character widths of the control's font (not from its
// text), in whole CSS px as Blink computes them (LayoutTextControlSingleLine and
// LayoutTextControlMultiLine PreferredContentLogicalWidth):
// - a text field (`<input>` of a text-like type) is `size` (default 20) average characters
//   wide, rounded up, plus the difference between the widest and the average character;
// - a text area is `cols` (default 20) average characters wide, rounded up, plus the width of a
//   classic scrollbar (15px), and `rows` (default 2) lines high;
// - a select (a drop-down) is as wide as its widest option's label, each rounded up to whole px
//   (LayoutMenuList; the room of its arrow is the select's padding in the UA sheet);
// - a checkbox or radio button is 13px square, border box (Blink's theme size).
// The average and widest characters are rounded to whole px first (SimpleFontData).
import type { FormControl } from '../boxes/types';
import type { ComputedStyle } from '../cascade/computed';
import { assertNever } from '../boxes/types';
import type { FaceResolver } from './faces';
import { controlCharWidths } from './metrics';

const PT_PER_PX = 0.75;
/** A classic scrollbar's thickness, px (Blink's on Linux) */
const SCROLLBAR_PX = 15;
/** a checkbox's and a radio button's side, px */
const CHECK_PX = 13;

/** The content-box width of a form control whose width is auto, pt. */
export function controlInlineSize(control: FormControl, style: ComputedStyle, faces: FaceResolver): number {
  if (control.kind === 'check') return Math.max(0, CHECK_PX * PT_PER_PX - style.borderWidth.left - style.borderWidth.right - style.padding.left.pt - style.padding.right.pt);
  const used = faces.of(style);
  const px = used.size / PT_PER_PX;
  const chars = controlCharWidths(used.file);
  const avg = Math.round((chars.avg / 1000) * px);
  switch (control.kind) {
    case 'select': {
      let widest = 0;
      for (const label of control.labels) widest = Math.max(widest, Math.ceil(faces.width(label, style) / PT_PER_PX - 0.001));
      return widest * PT_PER_PX;
    }
    case 'text-field': {
      const max = Math.round((chars.max / 1000) * px);
      return (Math.ceil(avg * control.size) + max - avg) * PT_PER_PX;
    }
    case 'textarea': return (Math.ceil(avg * control.cols) + SCROLLBAR_PX) * PT_PER_PX;
    default: return assertNever(control);
  }
}

/** The content-box height of a form control whose height is auto, pt: its rows of lines. */
export function controlBlockSize(control: FormControl, style: ComputedStyle, faces: FaceResolver): number {
  switch (control.kind) {
    case 'text-field': case 'select': return faces.lineHeight(style);
    case 'textarea': return faces.lineHeight(style) * control.rows;
    case 'check': return Math.max(0, CHECK_PX * PT_PER_PX - style.borderWidth.top - style.borderWidth.bottom - style.padding.top.pt - style.padding.bottom.pt);
    default: return assertNever(control);
  }
}
