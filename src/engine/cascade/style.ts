// Computed values → the ComputedStyle contract (computed.ts): the property table's values
// in the shape boxes, layout and paint read. `currentcolor` is resolved here, and a border
// or column rule with no style has no width (CSS Backgrounds 3 §4.3).
import type { ComputedStyle, RGBA } from './computed';
import type { ComputedValues } from './properties';
import type { Customs } from './variables';

/** One element's computed values, its custom properties, and the ComputedStyle made from them. */
export interface ElementValues {
  readonly values: ComputedValues;
  readonly customs: Customs;
  readonly style: ComputedStyle;
}

function resolveColor(c: RGBA | 'currentcolor', color: RGBA): RGBA {
  return c === 'currentcolor' ? color : c;
}

/** The ComputedStyle contract from the property table's values (CSS Backgrounds 3 §4.3: no style, no width). */
export function toComputedStyle(v: ComputedValues): ComputedStyle {
  const color = v.color;
  const bw = (side: 'top' | 'right' | 'bottom' | 'left') => {
    const style = v[`border-${side}-style`];
    return style === 'none' || style === 'hidden' ? 0 : v[`border-${side}-width`];
  };
  const ox = v['overflow-x'], oy = v['overflow-y'];
  return {
    // a running element (CSS GCPM 3 §2.1) generates no box in the flow: margin boxes show it
    display: typeof v.position === 'object' ? 'none' : v.display,
    ...(typeof v.position === 'object' ? { running: { name: v.position.running, display: v.display } } : {}),
    position: typeof v.position === 'object' ? 'static' : v.position,
    float: v.float,
    clear: v.clear,
    top: v.top, right: v.right, bottom: v.bottom, left: v.left,
    zIndex: v['z-index'],
    visibility: v.visibility,
    overflow: ox !== 'visible' ? ox : oy,
    opacity: v.opacity,
    boxSizing: v['box-sizing'],
    width: v.width, height: v.height,
    minWidth: v['min-width'], minHeight: v['min-height'],
    maxWidth: v['max-width'], maxHeight: v['max-height'],
    margin: { top: v['margin-top'], right: v['margin-right'], bottom: v['margin-bottom'], left: v['margin-left'] },
    padding: { top: v['padding-top'], right: v['padding-right'], bottom: v['padding-bottom'], left: v['padding-left'] },
    borderWidth: { top: bw('top'), right: bw('right'), bottom: bw('bottom'), left: bw('left') },
    borderStyle: { top: v['border-top-style'], right: v['border-right-style'], bottom: v['border-bottom-style'], left: v['border-left-style'] },
    borderColor: {
      top: resolveColor(v['border-top-color'], color), right: resolveColor(v['border-right-color'], color),
      bottom: resolveColor(v['border-bottom-color'], color), left: resolveColor(v['border-left-color'], color),
    },
    borderRadius: {
      topLeft: v['border-top-left-radius'], topRight: v['border-top-right-radius'],
      bottomRight: v['border-bottom-right-radius'], bottomLeft: v['border-bottom-left-radius'],
    },
    boxShadow: v['box-shadow'],
    backgroundColor: resolveColor(v['background-color'], color),
    backgroundImage: v['background-image'],
    backgroundSize: v['background-size'],
    backgroundPosition: v['background-position'],
    backgroundRepeat: v['background-repeat'],
    color,
    fontFamily: v['font-family'],
    fontSize: v['font-size'],
    fontWeight: v['font-weight'],
    fontStyle: v['font-style'],
    fontVariantCaps: v['font-variant-caps'],
    lineHeight: v['line-height'],
    textAlign: v['text-align'],
    textIndent: v['text-indent'],
    textTransform: v['text-transform'],
    textDecorationLine: v['text-decoration-line'],
    textDecorationColor: resolveColor(v['text-decoration-color'], color),
    textDecorationStyle: v['text-decoration-style'],
    letterSpacing: v['letter-spacing'],
    wordSpacing: v['word-spacing'],
    whiteSpace: v['white-space'],
    overflowWrap: v['overflow-wrap'],
    wordBreak: v['word-break'],
    hyphens: v.hyphens,
    verticalAlign: v['vertical-align'],
    direction: v.direction,
    listStyleType: v['list-style-type'],
    listStylePosition: v['list-style-position'],
    listStyleImage: v['list-style-image'],
    counterReset: v['counter-reset'],
    counterIncrement: v['counter-increment'],
    counterSet: v['counter-set'],
    content: v.content,
    quotes: v.quotes,
    stringSet: v['string-set'],
    bookmarkLevel: v['bookmark-level'],
    bookmarkLabel: v['bookmark-label'],
    bookmarkState: v['bookmark-state'],
    borderCollapse: v['border-collapse'],
    borderSpacing: v['border-spacing'],
    tableLayout: v['table-layout'],
    captionSide: v['caption-side'],
    emptyCells: v['empty-cells'],
    breakBefore: v['break-before'],
    breakAfter: v['break-after'],
    breakInside: v['break-inside'],
    orphans: v.orphans,
    widows: v.widows,
    page: v.page,
    footnoteDisplay: v['footnote-display'],
    footnotePolicy: v['footnote-policy'],
    flexDirection: v['flex-direction'],
    flexWrap: v['flex-wrap'],
    flexGrow: v['flex-grow'],
    flexShrink: v['flex-shrink'],
    flexBasis: v['flex-basis'],
    justifyContent: v['justify-content'],
    alignItems: v['align-items'],
    alignSelf: v['align-self'],
    alignContent: v['align-content'],
    order: v.order,
    rowGap: v['row-gap'],
    columnGap: v['column-gap'],
    columnCount: v['column-count'],
    columnWidth: v['column-width'],
    columnFill: v['column-fill'],
    columnSpan: v['column-span'],
    columnRule: {
      width: v['column-rule-style'] === 'none' || v['column-rule-style'] === 'hidden' ? 0 : v['column-rule-width'],
      style: v['column-rule-style'], color: resolveColor(v['column-rule-color'], color),
    },
    gridTemplateColumns: v['grid-template-columns'],
    gridTemplateRows: v['grid-template-rows'],
    gridTemplateAreas: v['grid-template-areas'],
    gridAutoColumns: v['grid-auto-columns'],
    gridAutoRows: v['grid-auto-rows'],
    gridAutoFlow: v['grid-auto-flow'],
    gridRowStart: v['grid-row-start'],
    gridRowEnd: v['grid-row-end'],
    gridColumnStart: v['grid-column-start'],
    gridColumnEnd: v['grid-column-end'],
    justifyItems: v['justify-items'],
    justifySelf: v['justify-self'],
    objectFit: v['object-fit'],
  };
}
