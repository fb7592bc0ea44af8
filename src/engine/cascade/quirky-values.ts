// CSS Quirks Mode (quirks.spec.whatwg.org) §3.2 the hashless hex color quirk and §3.3 the
// unitless length quirk: in a quirks-mode document, an author declaration of one of the listed
// properties reads a top-level hex number without its `#` as a colour and a bare number as px,
// as Chromium parses author sheets and style attributes of a document without a DOCTYPE.
// Shorthands that are not listed (background, border) and values inside functions keep the
// standard grammar. Rewritten on the tokens, before the property's own parser sees them.
import type { CV } from '../css/syntax';

/** §3.2: the properties a <quirky-color> is valid in */
const QUIRKY_COLOR = new Set(['background-color', 'border-color', 'border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color', 'color']);

/** §3.3: the properties a <quirky-length> is valid in */
const QUIRKY_LENGTH = new Set([
  'background-position', 'background-position-x', 'background-position-y', 'border-spacing',
  'border-width', 'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width',
  'bottom', 'clip', 'font-size', 'height', 'left', 'letter-spacing',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'max-height', 'max-width', 'min-height', 'min-width',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'right', 'text-indent', 'top', 'vertical-align', 'width', 'word-spacing',
]);

const HEX = /^[0-9a-f]+$/i;
const DIGITS = /^[0-9]+$/;

/**
 * §3.2 <quirky-color>: an identifier of 3 or 6 hex digits, or an unsigned integer (a number, or
 * a dimension whose unit letters continue the digits) zero-padded on the left to 6 digits.
 * The hash token it reads as, or undefined.
 */
function quirkyColor(c: CV, source: string): CV | undefined {
  let text: string;
  if (c.t === 'ident') {
    text = c.v;
  } else if (c.t === 'num' || c.t === 'dim') {
    const written = source.slice(c.s, c.e);
    const digits = c.t === 'num' ? written : written.slice(0, written.length - c.unit.length);
    if (!DIGITS.test(digits)) return undefined; // a sign, a decimal point or an exponent
    text = written.padStart(6, '0');
  } else {
    return undefined;
  }
  if ((text.length !== 3 && text.length !== 6) || !HEX.test(text)) return undefined;
  return { t: 'hash', v: text, s: c.s, e: c.e };
}

/** The value of an author declaration `name: value` as a quirks-mode document parses it. */
export function quirkyValue(name: string, value: CV[], source: string): CV[] {
  if (QUIRKY_COLOR.has(name)) {
    let out: CV[] | undefined;
    value.forEach((c, i) => {
      const q = quirkyColor(c, source);
      if (q) (out ??= value.slice())[i] = q;
    });
    return out ?? value;
  }
  if (QUIRKY_LENGTH.has(name)) {
    let out: CV[] | undefined;
    value.forEach((c, i) => {
      if (c.t === 'num') (out ??= value.slice())[i] = { t: 'dim', v: c.v, unit: 'px', s: c.s, e: c.e };
    });
    return out ?? value;
  }
  return value;
}
