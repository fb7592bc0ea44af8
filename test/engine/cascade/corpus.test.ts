// Every corpus document cascades without throwing; its diagnostics are listed (set
// PLATEN_SHOW_DIAGNOSTICS=1 to print them) and only the expected kinds appear.
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cascade } from '../../../src/engine/cascade';
import { DiagnosticList, type DiagnosticCode } from '../../../src/engine/diagnostics';
import type { Resource } from '../../../src/engine';
import type { StyledElement } from '../../../src/engine/cascade/styled';
import { LIMITS } from './helpers';

const CORPUS = process.env.PLATEN_CORPUS ?? '/work/shared/corpus';
const docs = existsSync(CORPUS) ? readdirSync(CORPUS).filter((d) => existsSync(join(CORPUS, d, 'index.html'))) : [];

/** The documents' known gaps: kinds of diagnostic each may produce (anything else fails). */
const ALLOWED: Record<string, DiagnosticCode[]> = {
  'a4-resume': ['unsupported-value'],
  'adminlte-invoice': ['unsupported-at-rule', 'resource-missing'],
  book: ['unsupported-value'],
  'book-classical': ['unsupported-value'],
  letter: ['unsupported-value'],
  report: ['unsupported-value'],
  'mailgun-billing': ['unknown-property'],
  'postmark-receipt': ['unknown-property', 'unsupported-value'],
  'tufte-handout': ['unsupported-value'],
  'vivliostyle-alice': ['unsupported-selector'],
};

function count(el: StyledElement): number {
  let n = 1;
  for (const c of el.children) if (c.kind === 'element') n += count(c);
  return n;
}

describe('cascade: corpus documents', function () {
  this.timeout(60_000);
  if (docs.length === 0) it.skip(`no corpus at ${CORPUS}`);
  for (const doc of docs) {
    it(doc, () => {
      const dir = join(CORPUS, doc);
      const resources = (path: string): Resource | undefined => {
        const full = join(dir, path);
        return existsSync(full) && statSync(full).isFile() ? { bytes: readFileSync(full) } : undefined;
      };
      const diagnostics = new DiagnosticList();
      const result = cascade({ html: readFileSync(join(dir, 'index.html'), 'utf8'), css: '', options: { format: 'A4', resources, limits: LIMITS }, diagnostics });
      expect(result.root.tag).to.equal('html');
      expect(count(result.root)).to.be.greaterThan(5);
      if (process.env.PLATEN_SHOW_DIAGNOSTICS) for (const d of diagnostics.items) console.log(`    ${doc} ${d.code} ${d.source}:${d.line}:${d.column} ${d.message}`);
      const unexpected = diagnostics.items.filter((d) => !(ALLOWED[doc] ?? []).includes(d.code));
      expect(unexpected).to.deep.equal([]);
    });
  }
});
