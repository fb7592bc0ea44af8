// Attack suite, closed world (issue #5): every way a document could name something outside
// itself — file: URLs in any case, absolute and `..` paths, percent-encoded traversal, http(s)
// to a loopback canary, every element and CSS construct that takes a URL, SVG references,
// XXE and entity bombs, <use> loops, decompression-bomb PNGs, oversized data: URIs.
// Each payload is its own test through the real app; see harness.ts for the invariants every
// one of them must hold (zero canary connections, token never in the PDF).
import { expect } from 'chai';
import { attack, startAttackWorld, type AttackWorld } from './harness';
import { bombPng, redPng } from '../helpers/canary';

describe('attack: closed world (real app, loopback canary)', function () {
  this.timeout(30_000);
  let world: AttackWorld;
  before(async () => { world = await startAttackWorld(); });
  after(async () => { await world.close(); });

  const file = () => world.canary.file;
  const png = () => world.canary.png;
  const origin = () => world.canary.origin;
  const refused = (codes: ReadonlySet<string>) => expect([...codes].some((c) => c === 'resource-refused' || c === 'import-refused' || c === 'html-unsupported' || c === 'resource-invalid'), [...codes].join(',')).to.equal(true);

  describe('file: URLs, absolute and relative paths', () => {
    const spellings: [string, () => string][] = [
      ['file:///abs', () => `file://${png()}`],
      ['FILE:///abs (upper case)', () => `FILE://${png()}`],
      ['FiLe: (mixed case, no slashes)', () => `FiLe:${png()}`],
      ['file://localhost/abs', () => `file://localhost${png()}`],
      ['  file: with leading spaces and a tab', () => ` \tfile://${png()}`],
      ['absolute path', () => png()],
      ['../ traversal', () => `../../../../../../../..${png()}`],
      ['..\\ traversal (backslashes)', () => `..\\..\\..\\..\\..\\..\\..${png().replace(/\//g, '\\')}`],
      ['percent-encoded ../ (%2e%2e%2f)', () => `%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e${encodeURIComponent(png())}`],
      ['percent-encoded absolute path (%2F)', () => encodeURIComponent(png())],
      ['percent-encoded scheme (file%3A)', () => `file%3A%2F%2F${encodeURIComponent(png())}`],
      ['double percent-encoded (%252e)', () => `%252e%252e%252f%252e%252e%252f%252e%252e%252f%252e%252e%252f${png()}`],
      ['NUL byte before the path', () => `a%00/../../../../../..${png()}`],
      ['network path //host', () => `//127.0.0.1:${world.canary.port}/x.png`],
      ['home directory ~', () => `~/../../..${png()}`],
    ];
    for (const [name, url] of spellings) {
      it(`<img src> ${name} is refused and reads nothing`, async () => {
        const r = await attack(world, `<p>before</p><img src="${url()}" width="20" height="20"><p>after</p>`);
        expect(r.answer.status).to.equal(200);
        expect(r.text).to.include('before');
        refused(r.codes);
      });
    }
    it('a text file named by <link rel=stylesheet href=file:...> is not read', async () => {
      const r = await attack(world, `<link rel="stylesheet" href="file://${world.canary.css}"><p>x</p>`);
      refused(r.codes);
    });
    it('an absolute-path stylesheet is not read', async () => {
      const r = await attack(world, `<link rel="stylesheet" href="${world.canary.css}"><p>x</p>`);
      refused(r.codes);
    });
    it('CSS @import of an absolute path, file: URL and ../ path is not read', async () => {
      const r = await attack(world, '<p>x</p>', `@import "${world.canary.css}";\n@import url("file://${world.canary.css}");\n@import url(../../../../../../..${world.canary.css});\np { color: blue }`);
      refused(r.codes);
    });
    it('<object data> / <embed src> / <iframe src> naming the canary file show nothing of it', async () => {
      const r = await attack(world, `<object data="file://${file()}">fallback-o</object><embed src="${file()}"><iframe src="file://${file()}"></iframe><p>x</p>`);
      expect(r.answer.status).to.equal(200);
    });
    it('<base href=file:///dir/> does not turn relative references into file reads', async () => {
      const r = await attack(world, `<base href="file://${world.canary.dir}/"><img src="secret.png" width="20" height="20"><link rel="stylesheet" href="secret.css"><p>x</p>`);
      expect(r.answer.status).to.equal(200);
      expect(r.codes.has('resource-missing') || r.codes.has('resource-refused') || r.codes.has('html-unsupported')).to.equal(true);
    });
  });

  describe('http(s) to a loopback canary: no connection is ever made', () => {
    const payloads: [string, () => string, () => string][] = [
      ['<img src=http>', () => `<img src="${origin()}/img.png" width="10" height="10">`, () => ''],
      ['<img src=https>', () => `<img src="https://127.0.0.1:${world.canary.port}/img.png" width="10" height="10">`, () => ''],
      ['<img srcset>', () => `<img srcset="${origin()}/a.png 1x, ${origin()}/b.png 2x" src="${origin()}/c.png">`, () => ''],
      ['<link rel=stylesheet>', () => `<link rel="stylesheet" href="${origin()}/style.css"><p>x</p>`, () => ''],
      ['<link rel=preload/icon>', () => `<link rel="preload" href="${origin()}/p"><link rel="icon" href="${origin()}/i"><p>x</p>`, () => ''],
      ['<iframe src>', () => `<iframe src="${origin()}/frame"></iframe><p>x</p>`, () => ''],
      ['<iframe srcdoc> with an img inside', () => `<iframe srcdoc="&lt;img src='${origin()}/in-srcdoc.png'&gt;"></iframe><p>x</p>`, () => ''],
      ['<object data>', () => `<object data="${origin()}/obj" type="image/png"></object><p>x</p>`, () => ''],
      ['<embed src>', () => `<embed src="${origin()}/embed" type="image/png"><p>x</p>`, () => ''],
      ['<base href> then a relative <img>', () => `<base href="${origin()}/"><img src="logo.png" width="10" height="10"><p>x</p>`, () => ''],
      ['<video poster>, <audio src>, <source>, <track>', () => `<video poster="${origin()}/p.png"><source src="${origin()}/v.mp4"><track src="${origin()}/t.vtt"></video><audio src="${origin()}/a.mp3"></audio><p>x</p>`, () => ''],
      ['<input type=image src>', () => `<input type="image" src="${origin()}/btn.png"><p>x</p>`, () => ''],
      ['<table background> / <body background>', () => `<body background="${origin()}/bg.png"><table background="${origin()}/t.png"><tr><td>x</td></tr></table></body>`, () => ''],
      ['<script src>', () => `<script src="${origin()}/s.js"></script><p>x</p>`, () => ''],
      ['<meta http-equiv=refresh>', () => `<meta http-equiv="refresh" content="0; url=${origin()}/r"><p>x</p>`, () => ''],
      ['inline style background url()', () => `<div style="background: url(${origin()}/bg.png); height: 20px">x</div>`, () => ''],
      ['CSS background-image url()', () => '<div class="b">x</div>', () => `.b { background-image: url("${origin()}/bg.png"); height: 30px }`],
      ['CSS list-style-image url()', () => '<ul><li>x</li></ul>', () => `ul { list-style-image: url(${origin()}/li.png) }`],
      ['CSS content: url()', () => '<p class="c">x</p>', () => `.c::before { content: url(${origin()}/before.png) }`],
      ['CSS cursor/border-image url()', () => '<p class="c">x</p>', () => `.c { cursor: url(${origin()}/c.cur), auto; border-image: url(${origin()}/b.png) 30 }`],
      ['CSS @import string', () => '<p>x</p>', () => `@import "${origin()}/a.css";`],
      ['CSS @import url()', () => '<p>x</p>', () => `@import url(${origin()}/b.css) print;`],
      ['@import inside <style>', () => `<style>@import url("https://127.0.0.1:${world.canary.port}/c.css");</style><p>x</p>`, () => ''],
      ['@font-face src url()', () => '<p class="f">x</p>', () => `@font-face { font-family: Evil; src: url(${origin()}/f.woff2) format("woff2"), url(${origin()}/f.ttf); } .f { font-family: Evil }`],
      ['@font-face src local() + url()', () => '<p class="f">x</p>', () => `@font-face { font-family: Evil2; src: local("DejaVu Sans"), url(https://127.0.0.1:${world.canary.port}/f.ttf); } .f { font-family: Evil2 }`],
      ['@font-face src file:', () => '<p class="f">x</p>', () => `@font-face { font-family: Evil3; src: url(file:///usr/share/fonts/truetype/dejavu/DejaVuSans.ttf); } .f { font-family: Evil3 }`],
      ['SVG <image href>', () => `<svg width="50" height="50" viewBox="0 0 50 50"><image href="${origin()}/svg.png" width="50" height="50"/></svg>`, () => ''],
      ['SVG <image xlink:href>', () => `<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="50" height="50"><image xlink:href="${origin()}/svgx.png" width="50" height="50"/></svg>`, () => ''],
      ['SVG <image href=file path>', () => `<svg width="50" height="50"><image href="${png()}" width="50" height="50"/><image xlink:href="file://${png()}" width="50" height="50"/></svg>`, () => ''],
      ['SVG <use href> to an external document', () => `<svg width="50" height="50"><use href="${origin()}/sprite.svg#a"/><use xlink:href="file://${file()}#a"/></svg>`, () => ''],
      ['SVG fill=url(external)', () => `<svg width="50" height="50"><rect width="50" height="50" fill="url(${origin()}/p.svg#g)"/><style>@import url(${origin()}/svg.css); rect { fill: url(${origin()}/q.svg#g) }</style></svg>`, () => ''],
      ['SVG <feImage href>', () => `<svg width="50" height="50"><filter id="f"><feImage href="${origin()}/fe.png"/></filter><rect width="50" height="50" filter="url(#f)"/></svg>`, () => ''],
      ['<img> of an SVG data: URI that references the canary', () => `<img src="data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20"><image xlink:href="${origin()}/in-data.png" width="20" height="20"/><image href="${png()}" width="20" height="20"/></svg>`).toString('base64')}">`, () => ''],
    ];
    for (const [name, html, css] of payloads) {
      it(`${name}: zero connections, a PDF`, async () => {
        const r = await attack(world, html(), css());
        expect(r.answer.status).to.equal(200);
      });
    }
  });

  describe('XML attacks in SVG', () => {
    const xxe = () => `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file://${file()}"><!ENTITY net SYSTEM "${origin()}/xxe">]><svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><text x="0" y="20">leak:&xxe;&net;</text></svg>`;
    const laughs = () => {
      let ents = '<!ENTITY l0 "lollollollol">';
      for (let i = 1; i <= 10; i++) ents += `<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`;
      return `<?xml version="1.0"?><!DOCTYPE svg [${ents}]><svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><text x="0" y="20">&l10;</text></svg>`;
    };
    const param = () => `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY % p SYSTEM "${origin()}/dtd"> %p;]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`;
    it('XXE (SYSTEM file: and http entities) in inline SVG', async () => {
      const r = await attack(world, `<p>before</p>${xxe()}`);
      expect(r.answer.status).to.equal(200);
      expect(r.text).not.to.match(/lollol/);
    });
    it('XXE in an SVG data: URI (<img>)', async () => {
      await attack(world, `<img src="data:image/svg+xml;base64,${Buffer.from(xxe()).toString('base64')}">`);
    });
    it('XXE in an SVG data: URI (CSS background)', async () => {
      await attack(world, '<div class="x">x</div>', `.x { height: 40px; background-image: url("data:image/svg+xml;base64,${Buffer.from(xxe()).toString('base64')}") }`);
    });
    it('parameter-entity DTD fetch in an SVG data: URI', async () => {
      await attack(world, `<img src="data:image/svg+xml;utf8,${encodeURIComponent(param())}">`);
    });
    it('billion laughs in inline SVG does not expand', async () => {
      const started = Date.now();
      const r = await attack(world, laughs());
      expect(r.text).not.to.include('lollollollollollol');
      expect(Date.now() - started).to.be.below(15_000);
    });
    it('billion laughs in an SVG data: URI does not expand', async () => {
      const r = await attack(world, `<img src="data:image/svg+xml;base64,${Buffer.from(laughs()).toString('base64')}">`);
      expect(r.text).not.to.include('lollollollollollol');
    });
    it('<use> loop (a → b → a) and self-reference end', async () => {
      await attack(world, '<svg width="50" height="50"><defs><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></defs><use href="#a"/><use id="self" href="#self"/><rect width="5" height="5"/></svg>');
    });
    it('<use> exponential fan-out (nested-use bomb) is refused, not expanded', async () => {
      let defs = '<rect id="u0" width="1" height="1"/>';
      for (let i = 1; i <= 12; i++) defs += `<g id="u${i}">${`<use href="#u${i - 1}"/>`.repeat(10)}</g>`;
      const started = Date.now();
      await attack(world, `<svg width="50" height="50"><defs>${defs}</defs><use href="#u12"/></svg>`);
      expect(Date.now() - started).to.be.below(15_000);
    });
    it('<use> loop through xlink:href inside an SVG data: URI', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20"><g id="a"><use xlink:href="#a"/></g></svg>';
      await attack(world, `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`);
    });
  });

  describe('images and data: URIs', () => {
    it('a decompression-bomb PNG (100,000 × 100,000 declared) is refused before decoding', async () => {
      const bomb = bombPng();
      expect(bomb.length).to.be.below(64 * 1024);
      const started = Date.now();
      const r = await attack(world, `<p>before</p><img src="data:image/png;base64,${bomb.toString('base64')}"><p>after</p>`);
      expect(r.answer.status).to.equal(200);
      expect(r.codes.has('resource-invalid')).to.equal(true);
      expect(Date.now() - started).to.be.below(10_000);
    });
    it('the bomb as a CSS background is never decoded', async () => {
      const started = Date.now();
      const r = await attack(world, '<div class="b">x</div>', `.b { height: 50px; background-image: url(data:image/png;base64,${bombPng(60_000, 60_000).toString('base64')}) }`);
      expect(r.codes.has('resource-invalid') || r.images === 0).to.equal(true);
      expect(Date.now() - started).to.be.below(10_000);
    });
    it('a PNG declaring 0 × 0 or 2^31 pixels wide is refused, not a crash', async () => {
      const r = await attack(world, `<img src="data:image/png;base64,${bombPng(0, 0).toString('base64')}"><img src="data:image/png;base64,${bombPng(0x7fffffff, 1).toString('base64')}">`);
      expect(r.codes.has('resource-invalid')).to.equal(true);
    });
    it('a PNG labelled image/jpeg and a GIF labelled image/png still give a PDF', async () => {
      const good = redPng(4, 4);
      const r = await attack(world, `<img src="data:image/jpeg;base64,${good.toString('base64')}"><img src="data:image/png;base64,${Buffer.from('GIF89a....').toString('base64')}"><p>after</p>`);
      expect(r.answer.status).to.equal(200);
    });
    it('a truncated PNG (valid header, cut IDAT) is a diagnostic, not a failed render', async () => {
      const r = await attack(world, `<p>before</p><img src="data:image/png;base64,${redPng(4, 4).subarray(0, 40).toString('base64')}"><p>after</p>`);
      expect(r.answer.status, String(r.answer.json.detail)).to.equal(200);
      expect(r.codes.has('resource-invalid')).to.equal(true);
    });
    it('an oversized data: URI (over the 10 MiB decoded cap) is refused', async () => {
      // 11 MiB of PNG-looking base64: stored as a template, it never reaches a decoder
      const big = Buffer.concat([redPng(1, 1), Buffer.alloc(11 * 1024 * 1024)]);
      const r = await attack(world, `<img src="data:image/png;base64,${big.toString('base64')}"><p>after</p>`);
      expect(r.answer.status).to.equal(200);
      expect(r.codes.has('resource-invalid') || r.codes.has('limit-exceeded') || r.codes.has('resource-refused')).to.equal(true);
    });
    it('a data: URI with a lying or absent MIME type and junk base64 is a diagnostic, not a crash', async () => {
      await attack(world, '<img src="data:;base64,@@@@"><img src="data:image/png,notbase64"><img src="data:text/html,<script>x</script>"><img src="data:image/svg+xml,<svg">');
    });
  });
});
