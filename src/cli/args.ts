// What every command's arguments share, kept free of heavy imports so `platen --help` and
// `platen <command> --help` load nothing else: the errors (exit code 2 for usage), the common
// flags (`--data DIR`, `--json`, `--help`), and node:util's parseArgs in strict mode, so an
// unknown flag is an error that names it.
import { parseArgs, type ParseArgsConfig } from 'node:util';

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
  /** a boolean flag's value */
  flag(name: string): boolean;
  /** --json given */
  readonly json: boolean;
}

function wrap(values: Values, positionals: string[]): Parsed {
  return {
    values, positionals, json: values.json === true,
    str: (name) => (typeof values[name] === 'string' ? values[name] : undefined),
    flag: (name) => values[name] === true,
  };
}

/** parseArgs with the common flags; an unknown flag or a missing value is a usage error. */
export function parse(args: string[], options: Options = {}): Parsed {
  try {
    const { values, positionals } = parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true });
    return wrap(values as Values, positionals);
  } catch (err) {
    const message = (err as Error).message;
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    throw new UsageError(unknown ? `unknown flag "${unknown[1]}"` : message);
  }
}

/**
 * Whether `--help` / `-h` is among the arguments, read with the command's own options so the
 * value of a string flag (`--name -h`) is not taken for it. Never throws: asking for help
 * with a wrong flag still shows the help.
 */
export function wantsHelp(args: string[], options: Options = {}): boolean {
  try {
    const { tokens } = parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: false, tokens: true });
    return tokens.some((t) => t.kind === 'option' && t.name === 'help');
  } catch {
    return args.includes('--help') || args.includes('-h');
  }
}
