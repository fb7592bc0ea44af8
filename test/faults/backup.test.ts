// platen backup / restore (issue #5 "Data"), through the built CLI on a temp data dir:
//   - backup while another process writes keys as fast as it can: the copy passes
//     integrity_check and holds every key acknowledged before the backup started;
//   - restore refuses while the database is open elsewhere, refuses a damaged or foreign
//     file (leaving the live database untouched), and otherwise brings the copy back, keeping
//     the replaced database beside it.
import { expect } from 'chai';
import Database from 'better-sqlite3';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/paths';
import { createStore, DB_FILE_NAME, openDatabase } from '../../src/store';

const CLI = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const KEY_BURST = join(repoRoot, 'dist', 'test', 'faults', 'helpers', 'keyBurst.js');

function platen(...args: string[]): { status: number | null; json: Record<string, unknown>; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args, '--json'], { encoding: 'utf8', timeout: 30_000 });
  const line = r.stdout.split('\n').find((l) => l.startsWith('{')) ?? '{}';
  return { status: r.status, json: JSON.parse(line) as Record<string, unknown>, stderr: r.stderr };
}

function keyIds(file: string): Set<string> {
  const db = new Database(file, { readonly: true });
  try {
    return new Set((db.prepare('SELECT id FROM api_keys').all() as { id: string }[]).map((r) => r.id));
  } finally {
    db.close();
  }
}

describe('backup and restore (built CLI, temp data dir)', function () {
  this.timeout(60_000);
  let dir: string;
  let dataDir: string;
  let accountId: string;
  let child: ChildProcess | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'platen-backup-'));
    dataDir = join(dir, 'data');
    const db = openDatabase({ dataDir });
    accountId = createStore(db).accounts.create({ name: 'b', globals: {} }).id;
    db.close();
  });
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  /** starts the key burst; resolves once `count` keys are acknowledged; ids keep growing */
  async function burst(count: number): Promise<string[]> {
    const acknowledged: string[] = [];
    child = spawn(process.execPath, [KEY_BURST, dataDir, accountId], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buffered = '';
    await new Promise<void>((resolve, reject) => {
      child!.once('exit', () => reject(new Error('key burst ended early')));
      child!.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const l of lines) if (l.startsWith('key')) acknowledged.push(l);
        if (acknowledged.length >= count) resolve();
      });
    });
    return acknowledged;
  }

  it('backup while another process writes: integrity ok, every key acknowledged before it is in the copy', async () => {
    const acknowledged = await burst(100);
    const before = [...acknowledged];
    const file = join(dir, 'copy.db');
    const r = await new Promise<{ status: number | null; out: string; err: string }>((resolve) => {
      const p = spawn(process.execPath, [CLI, 'backup', '--data', dataDir, '--to', file, '--json']);
      let out = ''; let err = '';
      p.stdout.on('data', (d: Buffer) => { out += d.toString(); });
      p.stderr.on('data', (d: Buffer) => { err += d.toString(); });
      p.on('exit', (status) => resolve({ status, out, err }));
    });
    expect(r.status, r.err).to.equal(0);
    const info = JSON.parse(r.out) as { file: string; bytes: number; schemaVersion: number };
    expect(info.file).to.equal(file);
    expect(info.bytes).to.be.above(0);
    expect(acknowledged.length, 'writes went on during the backup').to.be.above(before.length);
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).to.equal('ok');
    copy.close();
    const ids = keyIds(file);
    expect(before.filter((id) => !ids.has(id))).to.deep.equal([]);
    // a second backup to the same file is refused, the first is untouched
    const again = platen('backup', '--data', dataDir, '--to', file);
    expect(again.status).to.equal(1);
    expect(again.stderr).to.match(/already exists/);
    expect(keyIds(file).size).to.equal(ids.size);
  });

  it('restore: refused while the database is in use; then restores the copy and keeps the replaced database', async () => {
    await burst(50);
    const file = join(dir, 'copy.db');
    expect(platen('backup', '--data', dataDir, '--to', file).status).to.equal(0);
    const inCopy = keyIds(file);

    const busy = platen('restore', '--data', dataDir, '--from', file);
    expect(busy.status).to.equal(1);
    expect(busy.stderr).to.match(/in use/);

    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    child = undefined;
    const extra = openDatabase({ dataDir });
    createStore(extra).apiKeys.create({ accountId, name: 'after the backup' });
    extra.close();
    const liveBefore = keyIds(join(dataDir, DB_FILE_NAME));
    expect(liveBefore.size).to.be.above(inCopy.size);

    const restored = platen('restore', '--data', dataDir, '--from', file);
    expect(restored.status, restored.stderr).to.equal(0);
    expect(restored.json.previous).to.be.a('string');
    expect(existsSync(String(restored.json.previous))).to.equal(true);
    expect(keyIds(String(restored.json.previous)).size).to.equal(liveBefore.size);
    const db = openDatabase({ dataDir });
    try {
      expect(db.pragma('integrity_check', { simple: true })).to.equal('ok');
      expect(db.pragma('journal_mode', { simple: true })).to.equal('wal');
      const now = new Set((db.prepare('SELECT id FROM api_keys').all() as { id: string }[]).map((r) => r.id));
      expect([...now].sort()).to.deep.equal([...inCopy].sort());
    } finally {
      db.close();
    }
    // the CLI works on the restored database
    const created = platen('keys', 'create', '--data', dataDir, '--account', accountId);
    expect(created.status, created.stderr).to.equal(0);
  });

  it('restore refuses a damaged file and a SQLite file that is not Platen\'s; the live database is untouched', () => {
    const live = join(dataDir, DB_FILE_NAME);
    const keysBefore = keyIds(live).size;
    const damaged = join(dir, 'damaged.db');
    const good = join(dir, 'good.db');
    expect(platen('backup', '--data', dataDir, '--to', good).status).to.equal(0);
    const bytes = readFileSync(good);
    bytes.fill(0x41, 4096, 8192); // scribble over the second page
    writeFileSync(damaged, bytes);
    const foreign = join(dir, 'foreign.db');
    const f = new Database(foreign);
    f.exec('CREATE TABLE t (x)');
    f.close();
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database at all');
    for (const file of [damaged, foreign, junk, join(dir, 'missing.db')]) {
      const r = platen('restore', '--data', dataDir, '--from', file);
      expect(r.status, file).to.equal(1);
      expect(r.stderr).to.match(/integrity|not a Platen database|not a readable SQLite|no such file/);
    }
    expect(keyIds(live).size).to.equal(keysBefore);
    expect(readdirSync(dataDir).filter((n) => n.includes('before-restore'))).to.deep.equal([]);
  });
});
