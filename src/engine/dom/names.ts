// HTML §13.2.6 tree construction: the element-name tables the insertion modes consult.

const set = (names: string): ReadonlySet<string> => new Set(names.split(' '));

/** HTML §13.2.4.2 "special" elements in the HTML namespace. */
export const SPECIAL_HTML = set('address applet area article aside base basefont bgsound blockquote body br button caption center col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link listing main marquee menu meta nav noembed noframes noscript object ol p param plaintext pre script search section select source style summary table tbody td template textarea tfoot th thead title tr track ul wbr xmp');
/** "has an element in scope": the HTML elements that bound the default scope. */
export const SCOPE_HTML = set('applet caption html table td th marquee object template');
/** MathML text integration points (also scope boundaries and special). */
export const MATHML_TEXT_IP = set('mi mo mn ms mtext');
/** SVG HTML integration points (also scope boundaries and special). */
export const SVG_HTML_IP = set('foreignObject desc title');

export const FORMATTING = set('a b big code em font i nobr s small strike strong tt u');
export const HEADINGS = set('h1 h2 h3 h4 h5 h6');
/** "generate implied end tags" */
export const IMPLIED_END = set('dd dt li optgroup option p rb rp rt rtc');
/** "generate all implied end tags thoroughly" */
export const IMPLIED_END_THOROUGH = set('caption colgroup dd dt li optgroup option p rb rp rt rtc tbody td tfoot th thead tr');

/** in body: start tags that close a <p> in button scope and insert an element */
export const BLOCK_START = set('address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer header hgroup main menu nav ol p search section summary ul');
/** in body: end tags that close the element of their name when it is in scope */
export const BLOCK_END = set('address article aside blockquote button center details dialog dir div dl fieldset figcaption figure footer header hgroup listing main menu nav ol pre search section summary ul');
/** start tags handled by the "in head" rules wherever they appear in body */
export const HEAD_IN_BODY = set('base basefont bgsound link meta noframes script style template title');
export const VOID_IN_BODY = set('area br embed img keygen wbr');
/** in body: start tags that are ignored (they belong to tables and the head) */
export const IGNORED_IN_BODY = set('caption col colgroup frame head tbody td tfoot th thead tr');

/** foreign content: start tags that break out to HTML (and <font> with color, face or size) */
export const BREAKOUT = set('b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var');

/** HTML §13.2.6.5: SVG element names with their case restored. */
export const SVG_TAGS = new Map(['altGlyph', 'altGlyphDef', 'altGlyphItem', 'animateColor', 'animateMotion', 'animateTransform', 'clipPath',
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap',
  'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge',
  'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
  'foreignObject', 'glyphRef', 'linearGradient', 'radialGradient', 'textPath'].map((n) => [n.toLowerCase(), n] as const));

/** "adjust SVG attributes" */
export const SVG_ATTRS = new Map(['attributeName', 'attributeType', 'baseFrequency', 'baseProfile', 'calcMode', 'clipPathUnits',
  'diffuseConstant', 'edgeMode', 'filterUnits', 'glyphRef', 'gradientTransform', 'gradientUnits', 'kernelMatrix', 'kernelUnitLength',
  'keyPoints', 'keySplines', 'keyTimes', 'lengthAdjust', 'limitingConeAngle', 'markerHeight', 'markerUnits', 'markerWidth',
  'maskContentUnits', 'maskUnits', 'numOctaves', 'pathLength', 'patternContentUnits', 'patternTransform', 'patternUnits', 'pointsAtX',
  'pointsAtY', 'pointsAtZ', 'preserveAlpha', 'preserveAspectRatio', 'primitiveUnits', 'refX', 'refY', 'repeatCount', 'repeatDur',
  'requiredExtensions', 'requiredFeatures', 'specularConstant', 'specularExponent', 'spreadMethod', 'startOffset', 'stdDeviation',
  'stitchTiles', 'surfaceScale', 'systemLanguage', 'tableValues', 'targetX', 'targetY', 'textLength', 'viewBox', 'viewTarget',
  'xChannelSelector', 'yChannelSelector', 'zoomAndPan'].map((n) => [n.toLowerCase(), n] as const));

/**
 * "adjust foreign attributes": these keep their prefix (`xlink:href`) as the attribute's key;
 * the namespace follows from the prefix.
 */
export const FOREIGN_ATTRS = set('xlink:actuate xlink:arcrole xlink:href xlink:role xlink:show xlink:title xlink:type xml:lang xml:space xmlns xmlns:xlink');
