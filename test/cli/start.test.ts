// `npm start` runs the service with the node flags the benchmark measures it with
// (src/bench/http.ts SERVICE_NODE_FLAGS): the figures in the bench are those of the process a
// user starts.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_NODE_FLAGS } from '../../src/bench/http';
import { repoRoot } from '../../src/paths';

describe('npm start', () => {
  const start = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';

  it('passes node the flags the benchmark runs the service with, before the script', () => {
    const node = /\bnode((?:\s+--\S+)*)\s+dist\/src\/cli\/main\.js serve\b/.exec(start);
    expect(node, start).to.not.equal(null);
    expect(node![1]!.trim().split(/\s+/)).to.deep.equal([...SERVICE_NODE_FLAGS]);
  });

  it('node accepts those flags', () => {
    expect(execFileSync(process.execPath, [...SERVICE_NODE_FLAGS, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).to.equal('ok');
  });
});
