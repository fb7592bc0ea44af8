// Chromium laying out the documents of the layout spec-fact tests, so a test can hold the
// fragment tree and Chromium to the same figures. The page area is a 180pt wide block at the
// origin (the test's page CSS without its @page rule); element rects are read back in pt.
import { existsSync } from 'node:fs';
import { expect } from 'chai';
import { boxesOf, layoutOf } from './layout';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export interface Rect { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/** The rects of elements by id, in pt. */
export type ChromiumRects = (doc: { readonly pageCss: string; readonly css?: string; readonly html: string }, ids: readonly string[]) => Promise<Record<string, Rect>>;

/** Starts one Chromium for the enclosing `describe` (its before/after hooks) and returns the function that lays a document out in it. */
export function chromiumRects(): ChromiumRects {
  let browser: import('playwright-core').Browser | undefined;
  let page: import('playwright-core').Page | undefined;
  before(async () => {
    expect(existsSync(CHROMIUM), `Chromium at ${CHROMIUM}`).to.equal(true);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage();
  });
  after(async () => { await browser?.close(); });
  return async (doc, ids) => {
    if (!page) throw new Error('chromiumRects: the browser did not start');
    await page.setContent(`<!doctype html><style>${doc.pageCss.replace(/@page[^}]*}/, '')} html { margin: 0 } body { width: 180pt } ${doc.css ?? ''}</style>${doc.html}`);
    return await page.evaluate(`Object.fromEntries(${JSON.stringify(ids)}.map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return [id, { x: r.x * 0.75, y: r.y * 0.75, width: r.width * 0.75, height: r.height * 0.75 }];
    }))`) as Record<string, Rect>;
  };
}

/** A document whose elements, by id, must have the given figures (pt) in both Chromium and the fragment tree. */
export interface ChromiumFact {
  readonly name: string;
  readonly html: string;
  readonly css: string;
  readonly expect: Readonly<Record<string, Partial<Record<keyof Rect, number>>>>;
}

/** One test per fact, inside the caller's `describe`: Chromium and the fragment tree each give every listed figure within `tolerance` pt. */
export function itAgreesWithChromium(facts: readonly ChromiumFact[], options: { readonly pageCss: string; readonly tolerance: number }): void {
  const rectsOf = chromiumRects();
  for (const c of facts) {
    it(c.name, async () => {
      // (the same document Chromium lays out: in standards mode)
      const { root } = layoutOf(`<!doctype html>${c.html}`, options.pageCss + c.css);
      const rects = await rectsOf({ pageCss: options.pageCss, css: c.css, html: c.html }, Object.keys(c.expect));
      for (const [id, want] of Object.entries(c.expect)) {
        const f = boxesOf(root, `#${id}`)[0]!;
        for (const [k, v] of Object.entries(want)) {
          const key = k as keyof Rect;
          expect(rects[id]![key], `Chromium ${id}.${k}`).to.be.closeTo(v!, options.tolerance);
          expect(f[key], `fragments ${id}.${k}`).to.be.closeTo(v!, options.tolerance);
        }
      }
    });
  }
}
