// Fault tests with real processes (issue #5):
//   - kill -9 during a burst of key creations: after reopening, PRAGMA integrity_check is ok
//     and every key id the child acknowledged (printed after its commit) is in the database;
//   - SIGTERM with renders in flight: the built CLI `serve` stops accepting, lets every
//     in-flight render finish (all 200 with a PDF), checkpoints the WAL and exits 0.
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore, DB_FILE_NAME, openDatabase } from '../../src/store';
import { repoRoot } from '../../src/paths';

const CLI = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const KEY_BURST = join(repoRoot, 'dist', 'test', 'faults', 'helpers', 'keyBurst.js');

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('faults: kill -9 and SIGTERM (real processes)', function () {
  this.timeout(60_000);
  let dataDir: string;
  beforeEach(() => { dataDir = mkdtempSync(join(tmpdir(), 'platen-proc-')); });
  afterEach(() => { rmSync(dataDir, { recursive: true, force: true }); });

  it('kill -9 during a burst of key creations: integrity ok, every acknowledged key present', async () => {
    const db = openDatabase({ dataDir });
    const accountId = createStore(db).accounts.create({ name: 'burst', globals: {} }).id;
    db.close();

    const child = spawn(process.execPath, [KEY_BURST, dataDir, accountId], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acknowledged: string[] = [];
    let buffered = '';
    const enough = new Promise<void>((resolve) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) if (line.startsWith('key')) acknowledged.push(line);
        if (acknowledged.length >= 300) resolve();
      });
    });
    const done = exited(child);
    await Promise.race([enough, done]);
    child.kill('SIGKILL');
    const { signal } = await done;
    expect(signal).to.equal('SIGKILL');
    expect(acknowledged.length).to.be.at.least(300);

    const reopened = openDatabase({ dataDir });
    try {
      expect(reopened.pragma('integrity_check', { simple: true })).to.equal('ok');
      expect(reopened.pragma('foreign_key_check')).to.deep.equal([]);
      const ids = new Set((reopened.prepare('SELECT id FROM api_keys WHERE account_id = ?').all(accountId) as { id: string }[]).map((r) => r.id));
      const missing = acknowledged.filter((id) => !ids.has(id));
      expect(missing, `${missing.length} acknowledged keys missing`).to.deep.equal([]);
      // a write after recovery works
      createStore(reopened).apiKeys.create({ accountId, name: 'after recovery' });
    } finally {
      reopened.close();
    }
  });

  it('SIGTERM with renders in flight: all finish with a PDF, new connections are refused, exit 0, WAL checkpointed', async () => {
    const db = openDatabase({ dataDir });
    const store = createStore(db);
    const accountId = store.accounts.create({ name: 'term', globals: {} }).id;
    const { key } = store.apiKeys.create({ accountId });
    // about a second of Nunjucks work per render
    store.templates.save({ accountId, id: 'slow', name: 'slow', html: '{% for i in range(0, 300) %}{% for j in range(0, 1000) %}{% endfor %}{% endfor %}<p>slow {{ n }}</p>' });
    db.close();

    const child = spawn(process.execPath, [CLI, 'serve', '--data', dataDir, '--port', '0', '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLATEN_WORKERS: '2', PLATEN_LOG_LEVEL: 'warn' },
    });
    const done = exited(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { url: string }).url);
      });
      void done.then(() => reject(new Error(`serve exited early: ${stderr}`)));
    });

    const call = (n: number) => fetch(`${url}/v1/pdf/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: 'slow', params: { n } }),
    }).then(async (res) => ({ status: res.status, connection: res.headers.get('connection'), bytes: Buffer.from(await res.arrayBuffer()) }));
    const inFlight = [1, 2, 3, 4].map(call);
    await new Promise((r) => setTimeout(r, 400));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    let refused: unknown;
    try { await fetch(`${url}/healthz`); } catch (err) { refused = err; }
    expect(refused, 'a new connection after SIGTERM should be refused').to.be.instanceOf(Error);

    const answers = await Promise.all(inFlight);
    for (const a of answers) {
      expect(a.status, a.bytes.toString('utf8').slice(0, 200)).to.equal(200);
      expect(a.bytes.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
    }
    // 4 renders on 2 workers: the last ones finish after SIGTERM, and their answers close the
    // connection so no client reuses a socket to a server that is going away
    expect(answers.map((a) => a.connection)).to.include('close');
    const { code } = await done;
    expect(code, stderr).to.equal(0);
    const wal = join(dataDir, `${DB_FILE_NAME}-wal`);
    expect(!existsSync(wal) || statSync(wal).size === 0, 'WAL checkpointed').to.equal(true);
  });
});
