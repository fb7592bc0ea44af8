// CSS Text 3 §7.3 justification widens the word separators, U+00A0 NO-BREAK SPACE as well as
// U+0020 (§4.1.1 lists both; Chromium 156 expands both): in a justified line every gap between
// words grows by the same amount. Word boxes read back with `pdftotext -bbox`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';

const PAGE = "@page { size: 300pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt 'DejaVu Sans' } p { margin: 0; text-align: justify; width: 200pt }";

/** the words of the first line: text, left and right edge (pt) */
async function firstLine(html: string): Promise<{ text: string; left: number; right: number }[]> {
  const r = layoutHtml(html, PAGE, { measureText });
  const dir = mkdtempSync(join(tmpdir(), 'platen-justify-'));
  try {
    const path = join(dir, 'doc.pdf');
    writeFileSync(path, await toPdf(r.docDefinition, r.fonts));
    const out = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' });
    const words = [...out.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</g)]
      .map((m) => ({ text: m[4]!, left: Number(m[1]), top: Number(m[2]), right: Number(m[3]) }));
    return words.filter((w) => Math.abs(w.top - words[0]!.top) < 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('paint: justification widens no-break spaces too (CSS Text 3 §7.3)', () => {
  it('the gap at a no-break space grows as the spaces do', async () => {
    const ws = await firstLine('<p>aaa bbb\u00a0ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp qqq rrr sss ttt</p>');
    const gaps = ws.slice(1).map((w, i) => w.left - ws[i]!.right);
    expect(ws.map((w) => w.text).slice(0, 3)).to.deep.equal(['aaa', 'bbb', 'ccc']);
    expect(gaps[0]).to.be.greaterThan(4); // widened: a DejaVu Sans space is 3.18pt
    for (const g of gaps) expect(g).to.be.closeTo(gaps[0]!, 0.1);
    // and the line still ends at the paragraph's right edge (the 10pt margin is 9.75pt on whole px)
    expect(ws[ws.length - 1]!.right).to.be.closeTo(209.75, 0.3);
  });
});
