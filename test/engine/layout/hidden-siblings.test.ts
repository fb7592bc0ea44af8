// Elements that are never rendered (script, style, template, link, meta: display none in the UA
// sheet) are still elements of the tree, so selectors see them as siblings, as Chromium 156
// matches them: `* + table` after a Jupyter dataframe's <style scoped>, `:first-child` after a
// <script>. Each case: a paragraph's y in the fragment tree and in Chromium, pt.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 300pt 400pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const CSS = 'p { margin: 0 } * + p { margin-top: 30pt } p:first-child { padding-top: 5pt }';
const after = (tag: string): ChromiumFact => ({
  name: `a <${tag}> before a paragraph is its previous sibling`, css: CSS,
  html: `<div id="d"><${tag}${tag === 'link' ? ' rel="x" href="data:,"' : tag === 'meta' ? ' name="x" content="y"' : ''}>${tag === 'style' ? '.x{}' : tag === 'script' ? 'var a' : ''}</${tag}><p id="p">A</p></div>`,
  expect: { p: { y: 30 }, d: { height: 12 } },
});

describe('layout: never-rendered elements are siblings to selectors (as Chromium 156 matches them)', function () {
  this.timeout(60000);
  itAgreesWithChromium(['style', 'script', 'template', 'link', 'meta'].map(after), { pageCss: PAGE, tolerance: 0.05 });
});
