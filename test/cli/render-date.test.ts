// `platen render` dates the PDF by its input files, not the clock: the newest modification time
// of the HTML, CSS and params files, so rendering the same files again gives the same bytes.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CLI = resolve(__dirname, '../../src/cli/main.js');

describe('cli: render dates the PDF by its inputs', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'platen-render-date-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function render(out: string, ...extra: string[]): Buffer {
    const r = spawnSync(process.execPath, [CLI, 'render', join(dir, 'doc.html'), ...extra, '-o', join(dir, out)], { encoding: 'utf8' });
    expect(r.status, r.stderr).to.equal(0);
    return readFileSync(join(dir, out));
  }
  const dates = (pdf: Buffer) => pdf.toString('latin1').match(/\(D:\d{14}Z\)/g) ?? [];

  it('uses the newest of the HTML and CSS modification times, and gives the same bytes twice', () => {
    writeFileSync(join(dir, 'doc.html'), '<!doctype html><html lang="en"><title>Offline</title><p>x</p></html>');
    writeFileSync(join(dir, 'doc.css'), 'p { color: red }');
    utimesSync(join(dir, 'doc.html'), new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
    utimesSync(join(dir, 'doc.css'), new Date('2025-06-01T00:00:00Z'), new Date('2025-06-01T00:00:00Z'));
    const a = render('a.pdf', '--css', join(dir, 'doc.css'));
    const b = render('b.pdf', '--css', join(dir, 'doc.css'));
    expect(a.equals(b)).to.equal(true);
    expect(dates(a)).to.deep.equal(['(D:20260102030405Z)', '(D:20260102030405Z)']); // CreationDate, ModDate
    utimesSync(join(dir, 'doc.css'), new Date('2026-03-04T05:06:07.890Z'), new Date('2026-03-04T05:06:07.890Z'));
    expect(dates(render('c.pdf', '--css', join(dir, 'doc.css')))).to.deep.equal(['(D:20260304050607Z)', '(D:20260304050607Z)']);
  });
});
