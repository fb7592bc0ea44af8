#!/usr/bin/env node
// platen — the command-line tool. `npm run platen -- <command>`, or `platen` when installed.
// The commands, their flags and their help are the table in ./table.ts; this file routes.
// Help, --version and argument errors load nothing but the table; a command loads its own
// module only when it runs, through the compile cache (../compileCache.ts). The startup
// snapshot (./snapshot.ts) runs the same main() with the render command already loaded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { enableCompileCache } from '../compileCache';
import { CliError, parse, UsageError, wantsHelp, type Parsed } from './args';
import { commandHelp, COMMANDS, commandsUnder, COMMON_FLAGS, listHelp, optionsOf, synopsis, type Command } from './table';

function version(): string {
  // dist/src/cli/main.js and src/cli/main.ts are both two folders below the package root's child
  for (const up of ['../../..', '../..']) {
    try {
      return (JSON.parse(readFileSync(join(__dirname, up, 'package.json'), 'utf8')) as { version: string }).version;
    } catch { /* not there: the other layout */ }
  }
  return 'unknown';
}

const out = (text: string) => { process.stdout.write(text.endsWith('\n') ? text : `${text}\n`); };

/** The command named by the first one or two words, and the arguments after them. */
function findCommand(argv: readonly string[]): { command: Command; rest: string[] } | undefined {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    const command = COMMANDS.find((c) => c.name === name);
    if (command && argv.length >= words) return { command, rest: argv.slice(words) };
  }
  return undefined;
}

/** How main() gets a command's function; the startup snapshot hands in its own. */
export interface RunOptions {
  readonly load?: (command: Command) => Promise<(p: Parsed) => Promise<void> | void>;
}

async function run(argv: string[], runOptions: RunOptions): Promise<void> {
  const [first, second] = argv;
  if (first === '--version' || first === '-V' || first === 'version') { out(version()); return; }
  if (first === undefined || first === '--help' || first === '-h') { out(listHelp('', version())); return; }
  if (first === 'help') {
    // `platen help accounts create` = `platen accounts create --help`
    const found = findCommand(argv.slice(1));
    out(found ? commandHelp(found.command) : listHelp(commandsUnder(second ?? '').length ? second ?? '' : '', version()));
    return;
  }
  const found = findCommand(argv);
  if (!found) {
    const group = commandsUnder(first);
    if (group.length === 0 || first.startsWith('-')) throw new UsageError(`unknown command "${first}" (platen --help lists the commands)`);
    if (second === undefined || wantsHelp(argv.slice(1))) {
      if (second === undefined) throw new UsageError(`"${first}" needs a subcommand\n\n${listHelp(first, version())}`);
      out(listHelp(first, version()));
      return;
    }
    throw new UsageError(`unknown command "${first} ${second}"\n\n${listHelp(first, version())}`);
  }
  const { command, rest } = found;
  const options = optionsOf(command);
  if (wantsHelp(rest, options)) { out(commandHelp(command)); return; }
  const usage = `usage: ${synopsis(command)}  (platen ${command.name} --help)`;
  let p;
  try {
    p = parse(rest, options);
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${usage}`);
  }
  const [min, max] = command.positionals;
  if (p.positionals.length < min) throw new UsageError(`${command.args ?? 'an argument'} is required\n${usage}`);
  if (p.positionals.length > max) throw new UsageError(`unexpected argument "${p.positionals[max]}"\n${usage}`);
  for (const [name, flag] of Object.entries({ ...command.flags, ...COMMON_FLAGS })) {
    if (flag.required && (p.values[name] === undefined || p.values[name] === '')) throw new UsageError(`--${name} is required\n${usage}`);
  }
  let runCommand;
  if (runOptions.load) runCommand = await runOptions.load(command);
  else {
    enableCompileCache();
    runCommand = await command.load();
  }
  await runCommand(p);
}

export async function main(argv: string[], options: RunOptions = {}): Promise<void> {
  try {
    await run(argv, options);
  } catch (err) {
    const exitCode = err instanceof CliError ? err.exitCode : 1;
    const message = err instanceof Error ? err.message : String(err);
    if (argv.includes('--json')) process.stdout.write(`${JSON.stringify({ error: { message, exitCode } })}\n`);
    process.stderr.write(`platen: ${message}\n`);
    process.exitCode = exitCode;
  }
}

// run as a program; imported (by the snapshot's bundle), it waits to be called
if (require.main === module) void main(process.argv.slice(2));
