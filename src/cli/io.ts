// What every command shares: flags (`--data DIR`, `--json`), output (one JSON object on stdout
// with --json, readable text otherwise), and errors (CliError → exit code, message on stderr).
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type Config } from '../config';
import { createStore, openDatabase, type Store } from '../store';

export class CliError extends Error {
  constructor(message: string, readonly exitCode: number = 1) {
    super(message);
    this.name = 'CliError';
  }
}

export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

export type Options = NonNullable<ParseArgsConfig['options']>;

export const COMMON_OPTIONS = {
  data: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options;

export type Values = Record<string, string | boolean | undefined>;

export interface Parsed {
  readonly values: Values;
  readonly positionals: string[];
  /** a string flag's value */
  str(name: string): string | undefined;
  /** --json given */
  readonly json: boolean;
}

/** parseArgs with the common flags; unknown flags are a usage error. */
export function parse(args: string[], options: Options = {}): Parsed {
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true }) as { values: Values; positionals: string[] });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return {
    values, positionals, json: values.json === true,
    str: (name) => (typeof values[name] === 'string' ? values[name] : undefined),
  };
}

export interface Io {
  readonly json: boolean;
  /** the result: JSON object with --json, else the human text */
  result(value: Record<string, unknown>, human: string): void;
  /** a line for humans on stderr (never part of --json output) */
  note(line: string): void;
}

export function createIo(json: boolean): Io {
  return {
    json,
    result(value, human) {
      process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${human}\n`);
    },
    note(line) {
      process.stderr.write(`${line}\n`);
    },
  };
}

export function configFor(parsed: Parsed, extra: Partial<Config> = {}): Config {
  const data = parsed.str('data');
  return loadConfig(process.env, { ...(data ? { dataDir: data } : {}), ...extra });
}

/** Opens the database of `--data` / PLATEN_DATA, runs `fn`, closes it. */
export function withStore<T>(parsed: Parsed, fn: (store: Store) => T): T {
  const db = openDatabase({ dataDir: configFor(parsed).dataDir });
  try {
    return fn(createStore(db));
  } finally {
    db.close();
  }
}

export function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required`);
  return value;
}

export function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${what} ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

export function readJsonObject(path: string, what: string): Record<string, unknown> {
  const text = readText(path, what);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new CliError(`${what} ${path} is not valid JSON: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new CliError(`${what} ${path} must hold a JSON object`);
  return value as Record<string, unknown>;
}

/** A plain text table for list commands. */
export function table(rows: Record<string, unknown>[], columns: [key: string, label: string][]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((r) => columns.map(([k]) => (r[k] === null || r[k] === undefined ? '-' : String(r[k]))));
  const widths = columns.map(([, label], i) => Math.max(label.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(columns.map(([, l]) => l)), ...cells.map(line)].join('\n');
}
