// HTML §4.5.29: a <wbr> is a line break opportunity. Checked against Chromium 156 (12pt/15pt
// DejaVu Sans, 150pt wide boxes): a URL with <wbr> after each slash breaks there
// ("https://example.com/" | "very/long/path/to/" | "resource.html now"); under white-space:
// nowrap and pre Chromium breaks at a <wbr> too (a U+200B the author writes stays unbroken);
// and a <wbr> ends a piece of the min-content width (a min-content float: "aaaa" | "bbbbbb").
import { expect } from 'chai';
import { boxOf, layoutOf, linesOf, textOf } from '../../helpers/layout';

const CSS = 'body{margin:0;font:12pt/15pt "DejaVu Sans", sans-serif} div{width:150pt}';
const lines = (html: string, sel: string): string[] => linesOf(boxOf(layoutOf(html, CSS).root, sel)).map((l) => textOf(l).trim());

describe('layout: <wbr> (HTML §4.5.29)', () => {
  it('a long URL breaks at its <wbr>s', () => {
    expect(lines('<div id="d">See https://example.com/<wbr>very/<wbr>long/<wbr>path/<wbr>to/<wbr>resource.html now</div>', '#d'))
      .to.deep.equal(['See', 'https://example.com/', 'very/long/path/to/', 'resource.html now']);
  });

  it('breaks at a <wbr> under white-space: nowrap and pre, as Chromium 156 does', () => {
    expect(lines('<div id="d" style="white-space:nowrap">Nowrap aaaaaaaa<wbr>bbbbbbbb<wbr>cccccccc<wbr>dddddddd<wbr>eeeeeeee</div>', '#d'))
      .to.deep.equal(['Nowrap aaaaaaaa', 'bbbbbbbbcccccccc', 'ddddddddeeeeeeee']);
    expect(lines('<div id="d" style="white-space:pre">Pre aaaaaaaa<wbr>bbbbbbbb<wbr>cccccccc<wbr>dddddddd<wbr>eeeeeeee</div>', '#d'))
      .to.deep.equal(['Pre aaaaaaaabbbbbbbb', 'ccccccccdddddddd', 'eeeeeeee']);
  });

  it('a U+200B under white-space: nowrap is no opportunity', () => {
    expect(lines('<div id="d" style="white-space:nowrap">Zwsp aaaaaaaa\u200bbbbbbbbb\u200bcccccccc</div>', '#d')).to.have.length(1);
  });

  it('a <wbr> ends a piece of the min-content width', () => {
    const { root } = layoutOf('<div id="f" style="float:left;width:min-content">aaaa<wbr>bbbbbb nowrap<span style="white-space:nowrap">cc<wbr>dd</span></div>', CSS);
    expect(linesOf(boxOf(root, '#f')).map((l) => textOf(l).trim())).to.deep.equal(['aaaa', 'bbbbbb', 'nowrapcc', 'dd']);
    // Chromium: the float is as wide as "nowrapcc", 57.86pt
    expect(boxOf(root, '#f').width).to.be.closeTo(57.86, 0.1);
  });
});
