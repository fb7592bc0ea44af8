// WOFF 1.0 (W3C WOFF §5) from @font-face is inflated with a cap (issue #5): a table that claims
// gigabytes is refused before anything is inflated, and a zlib bomb behind an honest-looking
// small origLength is inflated no further than it declares. Both come back as `resource-invalid`
// diagnostics, never as an exception or a large allocation.
import { expect } from 'chai';
import zlib from 'node:zlib'; // the module object itself (default import), whose inflateSync the engine calls
import { createDeflate } from 'node:zlib';
import { layoutHtml, type Diagnostic } from '../../../src/engine';

const MiB = 1024 * 1024;

/** zlib stream of `mib` MiB of zeros (~1 KB per MiB), made without holding the zeros in memory. */
async function zerosDeflated(mib: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { deflate.on('end', resolve); deflate.on('error', reject); });
  const zeros = Buffer.alloc(MiB);
  for (let i = 0; i < mib; i++) {
    if (!deflate.write(zeros)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** A one-table WOFF 1.0 file: 44-byte header, one 20-byte directory entry, the table data. */
function woff(table: Buffer, origLength: number, offsetShift = 0): Uint8Array {
  const out = Buffer.alloc(44 + 20 + table.length);
  out.write('wOFF', 0, 'latin1');
  out.writeUInt32BE(0x00010000, 4);            // flavor: TrueType
  out.writeUInt32BE(out.length, 8);            // length
  out.writeUInt16BE(1, 12);                    // numTables
  out.writeUInt32BE(Math.min(0xffffffff, 12 + 16 + origLength), 16); // totalSfntSize
  out.write('glyf', 44, 'latin1');
  out.writeUInt32BE(64 + offsetShift, 48);     // offset
  out.writeUInt32BE(table.length, 52);         // compLength
  out.writeUInt32BE(origLength, 56);           // origLength
  table.copy(out, 64);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * Watches node:zlib's inflateSync while `fn` runs: the most any call may produce (its
 * maxOutputLength; Infinity when it has none) and the most it did produce.
 */
function watchInflate<T>(fn: () => T): { result: T; mayProduce: number; produced: number } {
  const z = zlib as { inflateSync: typeof zlib.inflateSync };
  const original = z.inflateSync;
  let mayProduce = 0; let produced = 0;
  z.inflateSync = ((buf: zlib.InputType, options?: zlib.ZlibOptions) => {
    mayProduce = Math.max(mayProduce, options?.maxOutputLength ?? Infinity);
    const out = original(buf, options);
    produced = Math.max(produced, out.length);
    return out;
  }) as typeof zlib.inflateSync;
  try { return { result: fn(), mayProduce, produced }; } finally { z.inflateSync = original; }
}

function renderWithFont(bytes: Uint8Array): { diagnostics: readonly Diagnostic[]; grewBy: number; mayProduce: number } {
  const html = '<style>@font-face { font-family: Bomb; src: url(bomb.woff) format("woff"); } p { font-family: Bomb, sans-serif; }</style><p>Hello</p>';
  const before = process.memoryUsage().arrayBuffers;
  const { result, mayProduce } = watchInflate(() => layoutHtml(html, '', { resources: (p) => (p === 'bomb.woff' ? { bytes, contentType: 'font/woff' } : undefined) }));
  return { diagnostics: result.diagnostics, grewBy: process.memoryUsage().arrayBuffers - before, mayProduce };
}

describe('fonts: @font-face WOFF 1.0 is inflated with a cap', function () {
  this.timeout(60_000);
  let bomb: Buffer;
  before(async () => { bomb = await zerosDeflated(512); }); // 512 MiB of zeros in ~0.5 MB

  function expectRefused(r: ReturnType<typeof renderWithFont>): void {
    const codes = r.diagnostics.map((d) => d.code);
    expect(codes).to.include('resource-invalid');
    const font = r.diagnostics.find((d) => d.code === 'resource-invalid')!;
    expect(font.message).to.match(/bomb\.woff.*Bomb/);
    // the family is then unknown: fallback diagnostics are expected, nothing else
    expect(codes.filter((c) => c !== 'resource-invalid' && c !== 'font-fallback')).to.deep.equal([]);
    expect(r.grewBy, 'bytes allocated while refusing').to.be.below(32 * MiB);
  }

  function expectInflatedAtMost(r: ReturnType<typeof renderWithFont>, bytes: number): void {
    expect(r.mayProduce, 'the most one inflate call was allowed to produce').to.be.at.most(bytes);
  }

  it('a table claiming 4 GB (origLength 0xFFFFFFFF) is refused before inflating', () => {
    expect(bomb.length).to.be.below(MiB);
    const r = renderWithFont(woff(bomb, 0xffffffff));
    expectRefused(r);
    expectInflatedAtMost(r, 0);
  });

  it('a zlib bomb behind a small declared origLength inflates no further than declared', () => {
    // declared bigger than the compressed data (so it must be inflated), far smaller than what it inflates to
    const r = renderWithFont(woff(bomb, 2 * MiB));
    expectRefused(r);
    expectInflatedAtMost(r, 2 * MiB);
  });

  it('a table directory pointing outside the file is refused', () => {
    expectRefused(renderWithFont(woff(Buffer.from('short'), 4096, 1000)));
  });
});
