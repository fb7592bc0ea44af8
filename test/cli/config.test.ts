import { expect } from 'chai';
import { resolve } from 'node:path';
import { DEFAULT_CONFIG, loadConfig } from '../../src/config';

describe('config: environment with defaults, flags win', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).to.deep.equal(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG).to.include({ host: '127.0.0.1', port: 3000, bodyLimitBytes: 10 * 1024 * 1024, renderTimeoutMs: 20_000, logLevel: 'info' });
  });

  it('reads PLATEN_* variables', () => {
    const c = loadConfig({ PLATEN_DATA: 'rel/dir', PLATEN_HOST: '0.0.0.0', PLATEN_PORT: '8080', PLATEN_BODY_LIMIT: '1024', PLATEN_RENDER_TIMEOUT_MS: '5000', PLATEN_HEADERS_TIMEOUT_MS: '2000', PLATEN_REQUEST_TIMEOUT_MS: '9000', PLATEN_KEEPALIVE_TIMEOUT_MS: '1000', PLATEN_LOG_LEVEL: 'warn', PLATEN_ASSET_MAX_BYTES: '100', PLATEN_TEMPLATE_ASSETS_MAX_BYTES: '1000', PLATEN_TRUST_PROXY: 'true', PLATEN_USAGE_RETENTION_DAYS: '7' });
    expect(c).to.deep.equal({ dataDir: resolve('rel/dir'), host: '0.0.0.0', port: 8080, bodyLimitBytes: 1024, assetMaxBytes: 100, templateAssetsMaxBytes: 1000, renderTimeoutMs: 5000, headersTimeoutMs: 2000, requestTimeoutMs: 9000, keepAliveTimeoutMs: 1000, logLevel: 'warn', trustProxy: true, usageRetentionDays: 7 });
  });

  it('lets flags win over the environment, and ignores empty variables', () => {
    const c = loadConfig({ PLATEN_DATA: '/env/dir', PLATEN_PORT: '8080', PLATEN_HOST: '' }, { dataDir: '/flag/dir', port: 9090 });
    expect(c).to.include({ dataDir: '/flag/dir', port: 9090, host: '127.0.0.1' });
    expect(loadConfig({ PLATEN_DATA: '  ', PLATEN_PORT: '' })).to.include({ dataDir: DEFAULT_CONFIG.dataDir, port: 3000 });
  });

  it('refuses a malformed number, naming the variable', () => {
    expect(() => loadConfig({ PLATEN_PORT: 'eighty' })).to.throw(/PLATEN_PORT/);
    expect(() => loadConfig({ PLATEN_BODY_LIMIT: '0' })).to.throw(/PLATEN_BODY_LIMIT/);
    expect(() => loadConfig({ PLATEN_RENDER_TIMEOUT_MS: '1.5' })).to.throw(/PLATEN_RENDER_TIMEOUT_MS/);
    expect(() => loadConfig({ PLATEN_TRUST_PROXY: 'yes please' })).to.throw(/PLATEN_TRUST_PROXY/);
    expect(() => loadConfig({ PLATEN_USAGE_RETENTION_DAYS: '0' })).to.throw(/PLATEN_USAGE_RETENTION_DAYS/);
  });
});
