#!/usr/bin/env node
// platen — the command-line tool. `npm run platen -- <command>`, or `platen` when installed.
// Every command takes --data DIR (default: PLATEN_DATA, else ./data of the package) and
// --json (one JSON object on stdout, for scripts).
import { accountsCommand, globalsCommand } from './commands/accounts';
import { backupCommand, restoreCommand } from './commands/backup';
import { keysCommand } from './commands/keys';
import { serveCommand } from './commands/serve';
import { CliError } from './io';

const USAGE = `usage: platen <command> [--data DIR] [--json]

  serve [--port 3000] [--host 127.0.0.1]          run the HTTP API (first start seeds a demo)
  accounts create --name N                        → {id}
  accounts list
  accounts subscription ACCOUNT_ID --status active|past_due|canceled [--until ISO-8601]
  keys create --account ACCOUNT_ID [--name N]     → {id, key, prefix}  (the key is shown once)
  keys list --account ACCOUNT_ID
  keys revoke KEY_ID
  templates add --account ACCOUNT_ID --name N --html FILE [--css FILE] [--sample FILE] [--id TEMPLATE_ID]  → {id}
  templates list --account ACCOUNT_ID
  templates remove TEMPLATE_ID
  templates push DIR [--id TEMPLATE_ID] [--name N] [--dry-run] --url URL --key KEY   a folder → a new version on a remote Platen
  templates pull TEMPLATE_ID DIR [--version N] --url URL --key KEY                   a remote template → a folder
  globals set --account ACCOUNT_ID --file FILE.json
  backup --to FILE                                a consistent copy of the database, safe while serving
  restore --from FILE                             checks the copy, keeps the current database, restores (server stopped)
  render FILE.html [--css FILE] [--params FILE.json] [--format A4] -o OUT.pdf   (no server, no database)
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const wantsJson = argv.includes('--json');
  try {
    switch (command) {
      case 'serve': await serveCommand(rest); return;
      // render and templates load the engine and pdfmake: imported when used, so `serve` keeps them
      // off its HTTP thread (they run on the render workers)
      case 'render': await (await import('./commands/render.js')).renderCommand(rest); return;
      case 'backup': await backupCommand(rest); return;
      case 'restore': await restoreCommand(rest); return;
      case 'accounts': accountsCommand(rest[0], rest.slice(1)); return;
      case 'keys': keysCommand(rest[0], rest.slice(1)); return;
      // push and pull talk to a remote Platen over HTTP: no database, no engine
      case 'templates':
        if (rest[0] === 'push') { await (await import('./commands/remote.js')).pushCommand(rest.slice(1)); return; }
        if (rest[0] === 'pull') { await (await import('./commands/remote.js')).pullCommand(rest.slice(1)); return; }
        (await import('./commands/templates.js')).templatesCommand(rest[0], rest.slice(1)); return;
      case 'globals': globalsCommand(rest[0], rest.slice(1)); return;
      case undefined: case 'help': case '--help': case '-h':
        process.stdout.write(USAGE);
        return;
      default:
        throw new CliError(`unknown command "${command}"\n\n${USAGE}`, 2);
    }
  } catch (err) {
    const exitCode = err instanceof CliError ? err.exitCode : 1;
    const message = err instanceof Error ? err.message : String(err);
    if (wantsJson) process.stdout.write(`${JSON.stringify({ error: { message, exitCode } })}\n`);
    process.stderr.write(`platen: ${message}\n`);
    if (exitCode === 2 && !message.includes('usage:')) process.stderr.write(`\n${USAGE}`);
    process.exitCode = exitCode;
  }
}

void main(process.argv.slice(2));
