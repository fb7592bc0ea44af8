// package.json "main" (dist/src/main.js): the service assembled from the library exports alone.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as platen from '../../src/main';

describe('library: package main', () => {
  it('assembles and serves the app from its exports', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platen-lib-'));
    const config = platen.loadConfig({}, { dataDir, port: 0, logLevel: 'silent' });
    const db = platen.openDatabase({ dataDir: config.dataDir });
    const app = platen.createApp({ db, renderer: platen.createInProcessRenderer(), config, logger: platen.createLogger({ level: 'silent' }) });
    const server = await platen.listen(app, config, { host: '127.0.0.1', port: 0 });
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
      expect(res.status).to.equal(200);
      expect(Object.keys(platen.PAGE_FORMATS)).to.include('Ledger');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
