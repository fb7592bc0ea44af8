// Configuration: environment variables with defaults, overridden by CLI flags.
// Every knob is listed in README.md ("Configuration"); keep the two in step.
import { isAbsolute, resolve } from 'node:path';
import { repoRoot } from './paths';

export interface Config {
  /** directory of the SQLite file (`platen.db`) */
  readonly dataDir: string;
  readonly host: string;
  readonly port: number;
  /** largest accepted request body in bytes (CONTRACT.md check 4) */
  readonly bodyLimitBytes: number;
  /** largest template asset in bytes (413 asset_too_large above) */
  readonly assetMaxBytes: number;
  /** largest total of one template version's assets in bytes (413 asset_too_large above) */
  readonly templateAssetsMaxBytes: number;
  /** render deadline handed to the renderer (ms) */
  readonly renderTimeoutMs: number;
  /** slow clients: time allowed to send the request headers / the whole request (ms) */
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  /** pino level: fatal, error, warn, info, debug, trace, silent */
  readonly logLevel: string;
  /** trust X-Forwarded-Proto and X-Forwarded-For from a reverse proxy in front (dashboard cookies, sign-in limits) */
  readonly trustProxy: boolean;
  /** usage rows older than this many days are pruned */
  readonly usageRetentionDays: number;
}

export const DEFAULT_CONFIG: Config = {
  dataDir: resolve(repoRoot, 'data'),
  host: '127.0.0.1',
  port: 3000,
  bodyLimitBytes: 10 * 1024 * 1024,
  assetMaxBytes: 5 * 1024 * 1024,
  templateAssetsMaxBytes: 50 * 1024 * 1024,
  renderTimeoutMs: 20_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  logLevel: 'info',
  trustProxy: false,
  usageRetentionDays: 90,
};

type Env = Readonly<Record<string, string | undefined>>;

function intFrom(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

function boolFrom(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name)?.trim().toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1, 0, true or false, got "${env[name]}"`);
}

/** A variable that is unset or empty counts as not given. */
function str(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw;
}

/** Reads PLATEN_* variables; `overrides` (CLI flags) win over the environment. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? str(env, 'PLATEN_DATA') ?? DEFAULT_CONFIG.dataDir;
  return {
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(dataDir),
    host: overrides.host ?? str(env, 'PLATEN_HOST') ?? DEFAULT_CONFIG.host,
    port: overrides.port ?? intFrom(env, 'PLATEN_PORT', DEFAULT_CONFIG.port, 0),
    bodyLimitBytes: overrides.bodyLimitBytes ?? intFrom(env, 'PLATEN_BODY_LIMIT', DEFAULT_CONFIG.bodyLimitBytes, 1),
    assetMaxBytes: overrides.assetMaxBytes ?? intFrom(env, 'PLATEN_ASSET_MAX_BYTES', DEFAULT_CONFIG.assetMaxBytes, 1),
    templateAssetsMaxBytes: overrides.templateAssetsMaxBytes ?? intFrom(env, 'PLATEN_TEMPLATE_ASSETS_MAX_BYTES', DEFAULT_CONFIG.templateAssetsMaxBytes, 1),
    renderTimeoutMs: overrides.renderTimeoutMs ?? intFrom(env, 'PLATEN_RENDER_TIMEOUT_MS', DEFAULT_CONFIG.renderTimeoutMs, 1),
    headersTimeoutMs: overrides.headersTimeoutMs ?? intFrom(env, 'PLATEN_HEADERS_TIMEOUT_MS', DEFAULT_CONFIG.headersTimeoutMs, 1),
    requestTimeoutMs: overrides.requestTimeoutMs ?? intFrom(env, 'PLATEN_REQUEST_TIMEOUT_MS', DEFAULT_CONFIG.requestTimeoutMs, 1),
    keepAliveTimeoutMs: overrides.keepAliveTimeoutMs ?? intFrom(env, 'PLATEN_KEEPALIVE_TIMEOUT_MS', DEFAULT_CONFIG.keepAliveTimeoutMs, 1),
    logLevel: overrides.logLevel ?? str(env, 'PLATEN_LOG_LEVEL') ?? DEFAULT_CONFIG.logLevel,
    trustProxy: overrides.trustProxy ?? boolFrom(env, 'PLATEN_TRUST_PROXY', DEFAULT_CONFIG.trustProxy),
    usageRetentionDays: overrides.usageRetentionDays ?? intFrom(env, 'PLATEN_USAGE_RETENTION_DAYS', DEFAULT_CONFIG.usageRetentionDays, 1),
  };
}
