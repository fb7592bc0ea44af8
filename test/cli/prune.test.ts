// Issue #15 "old usage rows are pruned, with the retention configurable": `platen serve`
// deletes the usage rows older than PLATEN_USAGE_RETENTION_DAYS when it starts, before it
// says it is listening, and keeps the newer ones.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../../src/store';
import { openTestStore } from '../helpers/store';

const CLI = resolve(__dirname, '../../src/cli/main.js');
const DAY = 86_400_000;

describe('cli: serve prunes old usage rows at start', function () {
  this.timeout(60_000);

  it('deletes the rows past the configured retention and keeps the others', async () => {
    const { dir, db, store } = openTestStore('platen-prune-');
    try {
      const accountId = store.accounts.create({ name: 'Pruned' }).id;
      const row = (daysAgo: number, requestId: string) => store.usage.record({
        accountId, at: new Date(Date.now() - daysAgo * DAY), templateId: 't', version: 1, status: 200, code: null, durationMs: 5, pages: 1, bytes: 100, requestId,
      });
      row(45, 'old-45');
      row(31, 'old-31');
      row(29, 'kept-29');
      row(1, 'kept-1');
      store.usage.flush();
      db.close();

      const child = spawn(process.execPath, [CLI, 'serve', '--data', dir, '--port', '0', '--json'], {
        stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PLATEN_DATA: '', PLATEN_USAGE_RETENTION_DAYS: '30', PLATEN_LOG_LEVEL: 'info' },
      });
      let logs = '';
      child.stderr.on('data', (c: Buffer) => { logs += c.toString(); });
      try {
        await new Promise<void>((listening, reject) => {
          let buf = '';
          child.stdout.on('data', (c: Buffer) => { buf += c.toString(); if (buf.includes('\n')) listening(); });
          child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${logs}`)));
        });
      } finally {
        await new Promise<void>((done) => { child.once('exit', () => done()); child.kill('SIGTERM'); });
      }

      const after = openDatabase({ dataDir: dir });
      try {
        const ids = (after.prepare('SELECT request_id FROM usage ORDER BY at').all() as { request_id: string }[]).map((r) => r.request_id);
        expect(ids).to.deep.equal(['kept-29', 'kept-1']);
      } finally {
        after.close();
      }
      expect(logs).to.match(/"pruned":2\b.*"retentionDays":30|"retentionDays":30.*"pruned":2\b/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
