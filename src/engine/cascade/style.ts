// The ComputedStyle contract (what boxes, layout and paint read), derived from the property
// table of properties.ts: every longhand is in it under its camel-case name ('font-size' →
// fontSize) with its computed value, `currentcolor` resolved against `color`. The only
// exceptions are the longhands of GROUP_OF, which the contract holds grouped per side or
// corner (margin, padding, border, radius), as one column rule, as one overflow, and
// position without running() (which moves to `running`). Adding a property to the table
// adds it to ComputedStyle; nothing is declared twice.
import type { Display, RGBA, Side } from './computed';
import { fastShape, INITIAL_VALUES, PROPERTY_NAMES, propertyDef, type ComputedValues, type PropertyName } from './properties';
import type { Customs } from './variables';

/** One element's computed values, its custom properties, and the ComputedStyle made from them. */
export interface ElementValues {
  readonly values: ComputedValues;
  readonly customs: Customs;
  readonly style: ComputedStyle;
  /** an absolutely positioned element whose display was inline-level before blockification (its static position is in its line) */
  readonly inlineStatic?: true;
}

/** The longhands the contract does not hold under their own name, and the key of GroupedStyle that holds them. */
const GROUP_OF = {
  position: 'position', 'overflow-x': 'overflow', 'overflow-y': 'overflow',
  'margin-top': 'margin', 'margin-right': 'margin', 'margin-bottom': 'margin', 'margin-left': 'margin',
  'padding-top': 'padding', 'padding-right': 'padding', 'padding-bottom': 'padding', 'padding-left': 'padding',
  'border-top-width': 'borderWidth', 'border-right-width': 'borderWidth', 'border-bottom-width': 'borderWidth', 'border-left-width': 'borderWidth',
  'border-top-style': 'borderStyle', 'border-right-style': 'borderStyle', 'border-bottom-style': 'borderStyle', 'border-left-style': 'borderStyle',
  'border-top-color': 'borderColor', 'border-right-color': 'borderColor', 'border-bottom-color': 'borderColor', 'border-left-color': 'borderColor',
  'border-top-left-radius': 'borderRadius', 'border-top-right-radius': 'borderRadius', 'border-bottom-right-radius': 'borderRadius', 'border-bottom-left-radius': 'borderRadius',
  'column-rule-width': 'columnRule', 'column-rule-style': 'columnRule', 'column-rule-color': 'columnRule',
} as const satisfies Partial<Record<PropertyName, keyof GroupedStyle>>;

/** 'font-size' → 'fontSize' */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
/** a computed colour as the contract holds it: currentcolor resolved */
type Resolved<T> = Exclude<T, 'currentcolor'>;

/** Every longhand held under its own name. */
type DirectStyle = { -readonly [K in Exclude<PropertyName, keyof typeof GROUP_OF> as Camel<K>]: Resolved<ComputedValues[K]> };

/** The longhands of GROUP_OF, as the contract holds them. */
interface GroupedStyle {
  /** a running element's position is static (its box leaves the flow through `running` and `display: none`) */
  position: Exclude<ComputedValues['position'], { readonly running: string }>;
  /** one value for both axes: overflow-x unless it is visible, else overflow-y */
  overflow: ComputedValues['overflow-x'];
  /** CSS Overflow 3 §3.1 the axes whose overflow is clipped (one only where the other is visible and this one `clip`) */
  overflowClips: 'none' | 'x' | 'y' | 'both';
  margin: Side<ComputedValues['margin-top']>;
  padding: Side<ComputedValues['padding-top']>;
  /** pt, 0 when the side's style is none or hidden (CSS Backgrounds 3 §4.3) */
  borderWidth: Side<ComputedValues['border-top-width']>;
  borderStyle: Side<ComputedValues['border-top-style']>;
  borderColor: Side<Resolved<ComputedValues['border-top-color']>>;
  borderRadius: {
    topLeft: ComputedValues['border-top-left-radius']; topRight: ComputedValues['border-top-right-radius'];
    bottomRight: ComputedValues['border-bottom-right-radius']; bottomLeft: ComputedValues['border-bottom-left-radius'];
  };
  /** CSS Multi-column 1 §4: width 0 when its style is none or hidden */
  columnRule: { width: ComputedValues['column-rule-width']; style: ComputedValues['column-rule-style']; color: Resolved<ComputedValues['column-rule-color']> };
  /** CSS GCPM 3 §2.1 position: running(name): the element shows in margin boxes only (its own display here; `display` is none) */
  running?: { readonly name: string; readonly display: Display };
}

/** CSS Cascading 4 §4.4 computed values, in the shape boxes, layout and paint read (computed.ts has its value types). */
export interface ComputedStyle extends DirectStyle, GroupedStyle {}

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const isGrouped = (name: PropertyName): name is keyof typeof GROUP_OF => Object.prototype.hasOwnProperty.call(GROUP_OF, name);

/** Each longhand held under its own name: its key in the contract, and whether currentcolor is resolved. */
const DIRECT: readonly { readonly name: PropertyName; readonly key: string; readonly currentColor: boolean }[] = PROPERTY_NAMES
  .filter((name) => !isGrouped(name))
  .map((name) => ({ name, key: camel(name), currentColor: propertyDef(name).currentColor === true }));

/**
 * Every ComputedStyle starts as a spread copy of this object: all its keys in table order
 * (a group where its first longhand is), in fast mode (fastShape), so every style shares its
 * shape.
 */
const SHAPE: Readonly<Record<string, unknown>> = fastShape(Object.fromEntries(
  [...PROPERTY_NAMES.map((name) => [isGrouped(name) ? GROUP_OF[name] : camel(name), 0]), ['overflowClips', 0]],
) as Record<string, unknown>);

function resolveColor(c: RGBA | 'currentcolor', color: RGBA): RGBA {
  return c === 'currentcolor' ? color : c;
}

/** The ComputedStyle contract from the property table's values. */
export function toComputedStyle(v: ComputedValues): ComputedStyle {
  const color = v.color;
  const out: Record<string, unknown> = { ...SHAPE };
  for (const d of DIRECT) {
    const value = v[d.name];
    out[d.key] = d.currentColor && value === 'currentcolor' ? color : value;
  }
  const style = out as unknown as ComputedStyle;
  if (typeof v.position === 'object') {
    // a running element (CSS GCPM 3 §2.1) generates no box in the flow: margin boxes show it
    style.display = 'none';
    style.position = 'static';
    style.running = { name: v.position.running, display: v.display };
  } else style.position = v.position;
  const ox = v['overflow-x'];
  const oy = v['overflow-y'];
  style.overflow = ox !== 'visible' ? ox : oy;
  // visible beside a value other than visible or clip computes to auto (clipped)
  const clips = (a: typeof ox, b: typeof ox) => a !== 'visible' || (b !== 'visible' && b !== 'clip');
  const cx = clips(ox, oy); const cy = clips(oy, ox);
  style.overflowClips = cx && cy ? 'both' : cx ? 'x' : cy ? 'y' : 'none';
  style.margin = { top: v['margin-top'], right: v['margin-right'], bottom: v['margin-bottom'], left: v['margin-left'] };
  style.padding = { top: v['padding-top'], right: v['padding-right'], bottom: v['padding-bottom'], left: v['padding-left'] };
  const bw = (side: 'top' | 'right' | 'bottom' | 'left') => {
    const s = v[`border-${side}-style`];
    return s === 'none' || s === 'hidden' ? 0 : v[`border-${side}-width`];
  };
  style.borderWidth = { top: bw('top'), right: bw('right'), bottom: bw('bottom'), left: bw('left') };
  style.borderStyle = { top: v['border-top-style'], right: v['border-right-style'], bottom: v['border-bottom-style'], left: v['border-left-style'] };
  style.borderColor = {
    top: resolveColor(v['border-top-color'], color), right: resolveColor(v['border-right-color'], color),
    bottom: resolveColor(v['border-bottom-color'], color), left: resolveColor(v['border-left-color'], color),
  };
  style.borderRadius = {
    topLeft: v['border-top-left-radius'], topRight: v['border-top-right-radius'],
    bottomRight: v['border-bottom-right-radius'], bottomLeft: v['border-bottom-left-radius'],
  };
  const rule = v['column-rule-style'];
  style.columnRule = { width: rule === 'none' || rule === 'hidden' ? 0 : v['column-rule-width'], style: rule, color: resolveColor(v['column-rule-color'], color) };
  return style;
}

/** The keys of ComputedStyle that hold properties which are not inherited, and their initial values. */
let notInherited: readonly (readonly [string, unknown])[] | undefined;

const anonymousBlocks = new WeakMap<ComputedStyle, ComputedStyle>();

/**
 * CSS 2.1 §9.2.1.1 the style of an anonymous block box: its parent's values of the inherited
 * properties, every other property at its initial value (so it has no background, border,
 * position, float, transform or z-index of its own). One object per parent style.
 */
export function anonymousBlockStyle(parent: ComputedStyle): ComputedStyle {
  const known = anonymousBlocks.get(parent);
  if (known) return known;
  if (!notInherited) {
    const initial = toComputedStyle(INITIAL_VALUES) as unknown as Record<string, unknown>;
    const keys = new Set<string>(['overflowClips']);
    for (const name of PROPERTY_NAMES) if (!propertyDef(name).inherited) keys.add(isGrouped(name) ? GROUP_OF[name] : camel(name));
    notInherited = [...keys].map((k) => [k, initial[k]] as const);
  }
  const out: Record<string, unknown> = { ...parent };
  for (const [k, v] of notInherited) out[k] = v;
  out.display = 'block';
  delete out.running;
  const style = out as unknown as ComputedStyle;
  anonymousBlocks.set(parent, style);
  return style;
}
