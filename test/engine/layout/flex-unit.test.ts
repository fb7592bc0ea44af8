// CSS Flexbox 1 §9 on hand-made items: a LayoutContext whose layoutIndependent lays out an item
// as rows of equal "words" (min-content = one word, max-content = all of them on one line), so
// every expected position below is computed by hand from the spec.
import { expect } from 'chai';
import type { BlockLevelBox, FlexBox } from '../../../src/engine/boxes/types';
import { isKeyword, type ComputedStyle } from '../../../src/engine/cascade/computed';
import type { StyledElement } from '../../../src/engine/cascade/styled';
import { DiagnosticList } from '../../../src/engine/diagnostics';
import { EMPTY_STRUT, marginStrut, NO_BREAKS, newLayoutCaches, type BlockResult, type IndependentInput, type LayoutContext, type MarginStrut } from '../../../src/engine/layout/context';
import type { FaceResolver } from '../../../src/engine/layout/faces';
import { layoutFlex } from '../../../src/engine/layout/flex';
import type { BoxFragment } from '../../../src/engine/layout/fragments';
import type { Intrinsic } from '../../../src/engine/layout/intrinsic';
import { Floats } from '../../../src/engine/layout/float';
import { resolve } from '../../../src/engine/layout/used';
import { baseStyle, pt, sides } from '../../helpers/engine';

/** An item's content: `words` words of `word` pt, lines of `line` pt, the first baseline `ascent` below the content top. */
interface Content { word: number; words: number; line: number; ascent: number }
const byChildren = new Map<unknown, Content>();
// (keyed by the children array, which a copy of the box with another style shares)
const contents = { get: (b: BlockLevelBox) => byChildren.get('children' in b ? b.children : b), set: (b: BlockLevelBox, c: Content) => byChildren.set('children' in b ? b.children : b, c) };

const frameOf = (s: ComputedStyle, cb: number) => ({
  h: s.borderWidth.left + s.borderWidth.right + resolve(s.padding.left, cb) + resolve(s.padding.right, cb),
  v: s.borderWidth.top + s.borderWidth.bottom + resolve(s.padding.top, cb) + resolve(s.padding.bottom, cb),
});
const m = (v: ComputedStyle['margin']['left'], cb: number) => (v === 'auto' ? 0 : resolve(v, cb));

function contentHeight(c: Content, width: number): number {
  if (c.words === 0) return 0;
  const perLine = Math.max(1, Math.floor(width / c.word + 1e-9));
  return Math.ceil(c.words / perLine) * c.line;
}

function fakeIndependent(box: BlockLevelBox, input: IndependentInput): BlockResult {
  const s = box.style;
  const c = contents.get(box) ?? { word: 0, words: 0, line: 0, ascent: 0 };
  const f = frameOf(s, input.cbWidth);
  let width = input.borderBoxWidth;
  if (width === undefined) {
    if (s.width !== 'auto' && !isKeyword(s.width)) width = resolve(s.width, input.cbWidth) + f.h;
    else width = Math.min(Math.max(c.word, input.cbWidth - m(s.margin.left, input.cbWidth) - m(s.margin.right, input.cbWidth) - f.h), c.word * c.words) + f.h;
  }
  let height = input.borderBoxHeight;
  if (height === undefined) height = (s.height !== 'auto' && !isKeyword(s.height) ? resolve(s.height, input.cbHeight ?? 0) : contentHeight(c, width - f.h)) + f.v;
  const x = input.x + m(s.margin.left, input.cbWidth);
  const y = input.y + m(s.margin.top, input.cbWidth);
  const fragment: BoxFragment = { kind: 'box', style: s, element: undefined, x, y, width, height, border: sides(0), padding: sides(0), children: [] };
  const top = y + s.borderWidth.top + resolve(s.padding.top, input.cbWidth);
  const baseline = c.words ? top + c.ascent : undefined;
  return { fragment, marginStrut: EMPTY_STRUT, bottom: y + height, firstBaseline: baseline, lastBaseline: baseline };
}

const ctx: LayoutContext = {
  faces: {} as FaceResolver,
  intrinsic: {
    block: (b: BlockLevelBox) => {
      const c = contents.get(b) ?? { word: 0, words: 0, line: 0, ascent: 0 };
      const s = b.style;
      const fixed = s.borderWidth.left + s.borderWidth.right + s.padding.left.pt + s.padding.right.pt + m(s.margin.left, 0) + m(s.margin.right, 0);
      if (s.width !== 'auto' && !isKeyword(s.width)) return { min: s.width.pt + fixed, max: s.width.pt + fixed };
      return { min: c.word + fixed, max: c.word * c.words + fixed };
    },
  } as unknown as Intrinsic,
  diagnostics: new DiagnosticList(),
  pages: NO_BREAKS,
  image: () => undefined,
  anchors: new Set(),
  caches: newLayoutCaches(),
  layoutBlockLevel: () => { throw new Error('flex items are independent formatting contexts'); },
  layoutIndependent: (box, input) => fakeIndependent(box, input),
};

type Spec = Partial<ComputedStyle>;
const element = { kind: 'element', tag: 'div', attrs: {}, style: baseStyle(), children: [], loc: { line: 1, column: 1 } } as unknown as StyledElement;

/** An item: style overrides and its content (default: one 20 pt line of one word as wide as `width` or 40 pt). */
function item(spec: Spec, content: Partial<Content> = {}): BlockLevelBox {
  const b: BlockLevelBox = { kind: 'block', style: { ...baseStyle(), display: 'block', ...spec }, element: undefined, children: [] };
  contents.set(b, { word: 40, words: 1, line: 20, ascent: 15, ...content });
  return b;
}

function flex(spec: Spec, items: BlockLevelBox[], at: { cbWidth?: number; y?: number; marginStrut?: MarginStrut } = {}) {
  const box: FlexBox = { kind: 'flex', style: { ...baseStyle(), display: 'flex', ...spec }, element, items };
  const r = layoutFlex(box, {
    cbX: 0, cbWidth: at.cbWidth ?? 300, cbHeight: undefined, y: at.y ?? 0, marginStrut: at.marginStrut ?? EMPTY_STRUT,
    floats: new Floats(), absolutes: [],
  }, ctx);
  const f = r.fragment!;
  const of = (b: BlockLevelBox) => f.children.find((c) => c.kind === 'box' && c.style === b.style) as BoxFragment;
  return { r, f, of, rect: (b: BlockLevelBox) => { const c = of(b); return [c.x, c.y, c.width, c.height]; } };
}

const w = (n: number) => ({ width: pt(n) });

describe('layout/flex §9.7 resolving flexible lengths (hand-made items)', () => {
  it('grow shares the free space by flex-grow', () => {
    const a = item({ flexBasis: pt(50), flexGrow: 1 }); const b = item({ flexBasis: pt(100), flexGrow: 2 });
    const { rect } = flex({}, [a, b]);
    expect(rect(a)).to.deep.equal([0, 0, 100, 20]);
    expect(rect(b)).to.deep.equal([100, 0, 200, 20]);
  });
  it('shrink is scaled by the flex base size', () => {
    const a = item({ flexBasis: pt(200), flexShrink: 1, minWidth: pt(0) }); const b = item({ flexBasis: pt(200), flexShrink: 3, minWidth: pt(0) });
    const { rect } = flex({}, [a, b]);
    expect(rect(a)[2]).to.be.closeTo(175, 1e-9);
    expect(rect(b)[2]).to.be.closeTo(125, 1e-9);
    expect(rect(b)[0]).to.be.closeTo(175, 1e-9);
  });
  it('min-width: auto keeps an item from shrinking below its min-content width (§4.5); the other shrinks more', () => {
    const a = item({ ...w(100) }, { word: 80 }); const b = item({ ...w(100) }, { word: 10, words: 10 });
    const { rect } = flex({}, [a, b], { cbWidth: 100 });
    expect(rect(a)[2]).to.be.closeTo(80, 1e-9);
    expect(rect(b)[2]).to.be.closeTo(20, 1e-9);
  });
  it('min-width: 0 lets it shrink', () => {
    const a = item({ ...w(100), minWidth: pt(0) }, { word: 80 }); const b = item({ ...w(100) }, { word: 10, words: 10 });
    const { rect } = flex({}, [a, b], { cbWidth: 100 });
    expect(rect(a)[2]).to.be.closeTo(50, 1e-9);
  });
  it('an item frozen at its max-width gives the rest to the others', () => {
    const a = item({ flexBasis: pt(0), flexGrow: 1, maxWidth: pt(50), minWidth: pt(0) }); const b = item({ flexBasis: pt(0), flexGrow: 1, minWidth: pt(0) });
    const { rect } = flex({}, [a, b]);
    expect(rect(a)[2]).to.equal(50);
    expect(rect(b)[2]).to.equal(250);
  });
  it('flex factors summing to less than 1 take that fraction of the free space', () => {
    const a = item({ flexBasis: pt(100), flexGrow: 0.25 }); const b = item({ flexBasis: pt(100), flexGrow: 0.25 });
    const { rect } = flex({}, [a, b]);
    expect(rect(a)[2]).to.equal(125);
    expect(rect(b)[0]).to.equal(125);
  });
  it('flex-basis auto uses width, then max-content; padding and border add to the basis', () => {
    const a = item({ padding: sides(pt(5)) }, { word: 30, words: 2 }); const b = item({ ...w(70), borderWidth: sides(1) });
    const { rect } = flex({}, [a, b]);
    expect(rect(a)).to.deep.equal([0, 0, 70, 30]);
    expect(rect(b)).to.deep.equal([70, 0, 72, 30]);
  });
});

describe('layout/flex §9.3 lines, §9.5 justify-content, gaps, order (hand-made items)', () => {
  it('wraps into lines, with row-gap and column-gap', () => {
    const [a, b, c] = [item(w(80)), item(w(80)), item(w(80))];
    const { rect, f } = flex({ flexWrap: 'wrap', rowGap: pt(10), columnGap: pt(10) }, [a!, b!, c!], { cbWidth: 200 });
    expect(rect(a!)).to.deep.equal([0, 0, 80, 20]);
    expect(rect(b!)).to.deep.equal([90, 0, 80, 20]);
    expect(rect(c!)).to.deep.equal([0, 30, 80, 20]);
    expect(f.height).to.equal(50);
  });
  it('wrap-reverse stacks the lines from the bottom', () => {
    const [a, b, c] = [item(w(80)), item(w(80)), item(w(80))];
    const { rect } = flex({ flexWrap: 'wrap-reverse', height: pt(100), alignItems: 'flex-start' }, [a!, b!, c!], { cbWidth: 200 });
    // align-content normal stretches the two lines to 50 each; items sit at their line's cross-start (the bottom)
    expect(rect(a!)[1]).to.equal(80);
    expect(rect(c!)[1]).to.equal(30);
  });
  const jc: [string, ComputedStyle['flexDirection'], number[]][] = [
    ['flex-start', 'row', [0, 50, 100]],
    ['normal', 'row', [0, 50, 100]],
    ['flex-end', 'row', [150, 200, 250]],
    ['center', 'row', [75, 125, 175]],
    ['space-between', 'row', [0, 125, 250]],
    ['space-around', 'row', [25, 125, 225]],
    ['space-evenly', 'row', [37.5, 125, 212.5]],
    ['flex-start', 'row-reverse', [250, 200, 150]],
    ['start', 'row-reverse', [100, 50, 0]],
    ['end', 'row', [150, 200, 250]],
  ];
  for (const [value, dir, xs] of jc) {
    it(`justify-content: ${value} (${dir})`, () => {
      const its = [item(w(50)), item(w(50)), item(w(50))];
      const { rect } = flex({ justifyContent: value, flexDirection: dir }, its);
      expect(its.map((i) => rect(i)[0])).to.deep.equal(xs);
    });
  }
  it('space-between with one item and negative free space falls back to flex-start; space-around to center', () => {
    expect(flex({ justifyContent: 'space-between' }, [item(w(50))]).f.children[0]!).to.include({ x: 0 });
    const big = item({ ...w(400), flexShrink: 0 });
    expect(flex({ justifyContent: 'space-around' }, [big]).rect(big)[0]).to.equal(-50);
  });
  it('order: order-modified document order, for position and painting', () => {
    const a = item({ ...w(50), order: 2 }); const b = item({ ...w(50), order: 0 }); const c = item({ ...w(50), order: 1 });
    const { rect, f } = flex({}, [a, b, c]);
    expect([rect(b)[0], rect(c)[0], rect(a)[0]]).to.deep.equal([0, 50, 100]);
    expect(f.children.map((x) => (x as BoxFragment).style)).to.deep.equal([b.style, c.style, a.style]);
  });
});

describe('layout/flex §8.1 auto margins, §8.3 align-items (hand-made items)', () => {
  it('auto margins in the main axis take the free space before justify-content', () => {
    const a = item({ ...w(50), margin: { top: pt(0), bottom: pt(0), left: 'auto', right: pt(0) } });
    expect(flex({ justifyContent: 'center' }, [a]).rect(a)[0]).to.equal(250);
    const b = item({ ...w(50), margin: { top: pt(0), bottom: pt(0), left: 'auto', right: 'auto' } });
    expect(flex({}, [b]).rect(b)[0]).to.equal(125);
  });
  it('auto margins in the cross axis', () => {
    const a = item({ ...w(50), margin: { top: 'auto', bottom: pt(0), left: pt(0), right: pt(0) } });
    expect(flex({ height: pt(100) }, [a]).rect(a)).to.deep.equal([0, 80, 50, 20]);
  });
  const cases: [string, number[], number[]][] = [
    ['flex-start', [0, 0], [20, 40]],
    ['center', [40, 30], [20, 40]],
    ['flex-end', [80, 60], [20, 40]],
    ['stretch', [0, 0], [100, 100]],
    ['normal', [0, 0], [100, 100]],
  ];
  for (const [value, ys, hs] of cases) {
    it(`align-items: ${value} in a 100pt high row`, () => {
      const a = item(w(50)); const b = item(w(50), { line: 40 });
      const { rect } = flex({ alignItems: value, height: pt(100) }, [a, b]);
      expect([rect(a)[1], rect(b)[1]]).to.deep.equal(ys);
      expect([rect(a)[3], rect(b)[3]]).to.deep.equal(hs);
    });
  }
  it('align-self overrides align-items; a definite height does not stretch', () => {
    const a = item({ ...w(50), alignSelf: 'center' }); const b = item({ ...w(50), height: pt(30) });
    const { rect } = flex({ height: pt(100) }, [a, b]);
    expect(rect(a)[1]).to.equal(40);
    expect(rect(b)).to.deep.equal([50, 0, 50, 30]);
  });
  it('align-items: baseline lines up the first baselines; the line is as tall as ascent + descent', () => {
    const a = item({ ...w(50), padding: { top: pt(10), right: pt(0), bottom: pt(0), left: pt(0) } }); const b = item(w(50), { line: 40, ascent: 30 });
    const { rect, f, r } = flex({ alignItems: 'baseline' }, [a, b]);
    // a: baseline 25 below its top; b: 30 → a moves down 5
    expect(rect(a)[1]).to.equal(5);
    expect(rect(b)[1]).to.equal(0);
    expect(f.height).to.equal(40);
    expect(r.firstBaseline).to.equal(30);
  });
});

describe('layout/flex column direction, container sizes, margins (hand-made items)', () => {
  it('column: items stack, stretched to the container width; the container is as tall as they are', () => {
    const a = item({}, { word: 40 }); const b = item({}, { line: 30 });
    const { rect, f } = flex({ flexDirection: 'column' }, [a, b], { cbWidth: 200 });
    expect(rect(a)).to.deep.equal([0, 0, 200, 20]);
    expect(rect(b)).to.deep.equal([0, 20, 200, 30]);
    expect(f.height).to.equal(50);
  });
  it('column with a definite height: grow fills it; align-items center uses fit-content widths', () => {
    const a = item({}); const b = item({ flexGrow: 1 }, { line: 30 });
    const { rect } = flex({ flexDirection: 'column', height: pt(200), alignItems: 'center' }, [a, b], { cbWidth: 200 });
    expect(rect(a)).to.deep.equal([80, 0, 40, 20]);
    expect(rect(b)).to.deep.equal([80, 20, 40, 180]);
  });
  it('column-reverse and justify-content: flex-end', () => {
    const a = item({}); const b = item({});
    const { rect } = flex({ flexDirection: 'column-reverse', height: pt(100) }, [a, b], { cbWidth: 200 });
    expect([rect(a)[1], rect(b)[1]]).to.deep.equal([80, 60]);
  });
  it('column: min-height auto keeps flex: 1 1 0 items at their content height (§4.5)', () => {
    const a = item({ flexGrow: 1, flexBasis: pt(0) }, { line: 80 }); const b = item({ flexGrow: 1, flexBasis: pt(0) }, { line: 80 });
    const { rect } = flex({ flexDirection: 'column', height: pt(100) }, [a, b], { cbWidth: 200 });
    expect(rect(a)[3]).to.equal(80);
    expect(rect(b)).to.deep.equal([0, 80, 200, 80]);
  });
  it('the top margin collapses with the strut above; border and padding frame the content', () => {
    const a = item(w(50));
    const { rect, f, r } = flex({ margin: { top: pt(20), bottom: pt(7), left: pt(10), right: pt(0) }, padding: sides(pt(5)), borderWidth: sides(1) }, [a], { y: 10, marginStrut: marginStrut(5, 0) });
    expect([f.x, f.y, f.width, f.height]).to.deep.equal([10, 30, 290, 32]);
    expect(rect(a)).to.deep.equal([16, 36, 50, 20]);
    expect(r.marginStrut).to.deep.equal(marginStrut(7, 0));
    expect(r.bottom).to.equal(62);
  });
  it('min-height and max-height bound an auto height', () => {
    expect(flex({ minHeight: pt(50) }, [item(w(50))]).f.height).to.equal(50);
    expect(flex({ maxHeight: pt(10) }, [item(w(50))]).f.height).to.equal(10);
  });
  it('absolutely positioned children are not flex items', () => {
    const abs: BlockLevelBox = { kind: 'absolute', style: { ...baseStyle(), position: 'absolute' }, box: item({}), anchor: 'flow' };
    const a = item(w(50));
    const absolutes: unknown[] = [];
    const box: FlexBox = { kind: 'flex', style: { ...baseStyle(), display: 'flex', justifyContent: 'center' }, element, items: [abs, a] };
    const r = layoutFlex(box, { cbX: 0, cbWidth: 300, cbHeight: undefined, y: 0, marginStrut: EMPTY_STRUT, floats: new Floats(), absolutes: absolutes as never }, ctx);
    expect(r.fragment!.children).to.have.length(1);
    expect((r.fragment!.children[0] as BoxFragment).x).to.equal(125);
    expect(absolutes).to.have.length(1);
  });
});

describe('layout/flex: nested flex containers are laid out a bounded number of times', () => {
  it('12 nested stretched row containers: a few layouts per level, not 2^depth', () => {
    let calls = 0;
    const nested: LayoutContext = {
      ...ctx,
      layoutIndependent: (box, input, c) => {
        calls++;
        if (box.kind !== 'flex') return fakeIndependent(box, input);
        return layoutFlex(box, { cbX: input.x, cbWidth: input.cbWidth, cbHeight: input.cbHeight, y: input.y, marginStrut: EMPTY_STRUT, floats: new Floats(), absolutes: [], borderBoxWidth: input.borderBoxWidth, borderBoxHeight: input.borderBoxHeight }, c);
      },
    };
    let inner: BlockLevelBox = item({ flexGrow: 1 });
    for (let d = 0; d < 12; d++) {
      const side = item(w(10), { line: 5 });
      inner = { kind: 'flex', style: { ...baseStyle(), display: 'flex', flexGrow: 1 }, element, items: [inner, side] };
    }
    layoutFlex(inner as FlexBox, { cbX: 0, cbWidth: 300, cbHeight: undefined, y: 0, marginStrut: EMPTY_STRUT, floats: new Floats(), absolutes: [] }, nested);
    expect(calls).to.be.at.most(12 * 4);
  });
});
