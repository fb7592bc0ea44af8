// What every command shares: output (one JSON object on stdout with --json, readable text
// otherwise), reading input files, and the errors of ./args.ts. No database here (./db.ts),
// so `render` does not load SQLite.
import { readFileSync } from 'node:fs';
import { CliError, UsageError } from './args';

export { CliError, UsageError, parse, type Parsed } from './args';

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
