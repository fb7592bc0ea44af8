// Colour operators, made once per colour instead of once per word. pdfmake sets the fill
// colour before every inline it draws (resolveColor to validate it, then pdfkit's fillColor),
// and pdfkit parses the CSS colour string again each time (`#rrggbb` through parseInt, a
// named colour through its table), divides it into a new array and joins that into the
// operator text (`0.2 0.4 0.6 scn`): about 3% of a statement's time and garbage. A colour
// given as `#...` or a name pdfkit knows normalises to the same numbers in every document, so
// its colour space and operator strings are kept here; the same operators are written in the
// same order. Anything else (arrays, gradients, patterns, spot colours, unknown names) takes
// pdfkit's own path.
import { pdfkitDocumentPrototype, pdfmakeInternal, FastPath } from './internals';

interface ColorDocument {
  fill(color?: unknown, rule?: unknown): unknown;
  fillColor(color: unknown): unknown;
  _windingRule(rule: unknown): string;
  _normalizeColor(color: unknown): unknown;
  _getColorSpace(color: unknown): string;
  _setColorSpace(space: string, stroke: boolean): unknown;
  _setColorCore(color: unknown, stroke: boolean): boolean;
  addContent(text: string): unknown;
}
interface ColorOperators {
  readonly space: string; readonly fill: string; readonly stroke: string;
  /** whether fill() would read the string as a winding rule (pdfkit's /(even-?odd)|(non-?zero)/) */
  readonly rule: boolean;
}

const proto = pdfkitDocumentPrototype<ColorDocument>();
const setColorCore = proto._setColorCore;
const fill = proto.fill;
const PdfmakeDocument = pdfmakeInternal<{ prototype: { resolveColor(this: ColorDocument, color: unknown, defaultColor: unknown): unknown } }>('PDFDocument');
const resolveColor = PdfmakeDocument.prototype.resolveColor;

/** a bound on the colours kept: a template writes a handful, a hostile one cannot grow this */
const MAX_COLORS = 1024;
const operators = new Map<string, ColorOperators>();
const fastPath = new FastPath();

/** The operators for a colour string that normalises the same in every document; undefined for anything else. */
function operatorsFor(doc: ColorDocument, color: string): ColorOperators | undefined {
  const known = operators.get(color);
  if (known !== undefined) return known;
  const normalized = doc._normalizeColor(color);
  // '#...' and pdfkit's named colours come back as arrays of numbers; a spot colour (per
  // document) as an object, an unknown name as null
  if (!Array.isArray(normalized)) return undefined;
  const numbers = normalized.join(' ');
  const made = { space: doc._getColorSpace(normalized), fill: `${numbers} scn`, stroke: `${numbers} SCN`, rule: WINDING_RULE.test(color) };
  if (operators.size >= MAX_COLORS) operators.clear();
  operators.set(color, made);
  return made;
}

proto._setColorCore = function setColorOnce(this: ColorDocument, color: unknown, stroke: boolean): boolean {
  if (!fastPath.on || typeof color !== 'string') return setColorCore.call(this, color, stroke);
  const ops = operatorsFor(this, color);
  if (ops === undefined) return setColorCore.call(this, color, stroke);
  this._setColorSpace(ops.space, stroke);
  this.addContent(stroke ? ops.stroke : ops.fill);
  return true;
};

const WINDING_RULE = /(even-?odd)|(non-?zero)/;

// pdfmake fills with the word's colour before drawing it: pdfkit's fill() asks whether the
// colour is a winding rule first, by a regular expression; a kept colour knows its answer
proto.fill = function fillKnownColor(this: ColorDocument, color?: unknown, rule?: unknown): unknown {
  if (fastPath.on && typeof color === 'string') {
    const ops = operators.get(color);
    if (ops !== undefined && !ops.rule) {
      this.fillColor(color);
      return this.addContent(`f${this._windingRule(rule)}`);
    }
  }
  return fill.call(this, color, rule);
};

// pdfmake's check that a colour is valid (else the default): a colour with kept operators is
PdfmakeDocument.prototype.resolveColor = function resolveKnownColor(this: ColorDocument, color: unknown, defaultColor: unknown): unknown {
  if (fastPath.on && typeof color === 'string' && color !== '' && operators.has(color)) return color;
  return resolveColor.call(this, color, defaultColor);
};

/** Switches back to pdfkit's own colour parsing (tests comparing output); returns the previous setting. */
export function setColorOperators(on?: boolean): boolean {
  return fastPath.set(on);
}
