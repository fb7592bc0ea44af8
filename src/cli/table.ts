// The command table: every command's name, arguments, flags and help, as data. main.ts reads
// it to route, to answer --help (the table alone, nothing else is loaded), to refuse unknown
// flags and missing required ones, and to load only the module the command runs.
// A new command is one entry here and one function in commands/.
import type { Options, Parsed } from './args';

export interface Flag {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** the value's placeholder in the usage line (`N`, `FILE`) */
  readonly value?: string;
  readonly required?: boolean;
  readonly describe: string;
}

export interface Command {
  /** words after `platen`: `serve`, `accounts create` */
  readonly name: string;
  /** positional arguments in the usage line, e.g. `ACCOUNT_ID` */
  readonly args?: string;
  /** how many positional arguments it takes */
  readonly positionals: readonly [min: number, max: number];
  readonly summary: string;
  readonly flags: Readonly<Record<string, Flag>>;
  /** more lines for `--help` */
  readonly details?: string;
  /** loads the module that runs the command (so other commands do not pay for it) */
  readonly load: () => Promise<(p: Parsed) => Promise<void> | void>;
}

const data: Flag = { type: 'string', value: 'DIR', describe: 'the data directory (default: PLATEN_DATA, else ./data of the package)' };
const json: Flag = { type: 'boolean', describe: 'print one JSON object on stdout (for scripts)' };
const help: Flag = { type: 'boolean', short: 'h', describe: 'show this help and exit' };
const account: Flag = { type: 'string', value: 'ACCOUNT_ID', required: true, describe: 'the account' };

export const COMMANDS: readonly Command[] = [
  {
    name: 'serve', positionals: [0, 0], summary: 'run the HTTP API (the first start seeds a demo account, templates and key)',
    flags: {
      port: { type: 'string', value: 'PORT', describe: 'TCP port (default: PLATEN_PORT, else 3000; 0 picks a free one)' },
      host: { type: 'string', value: 'HOST', describe: 'address to listen on (default: PLATEN_HOST, else 127.0.0.1)' },
    },
    details: 'SIGTERM or SIGINT stops accepting, lets running requests finish and exits 0.',
    load: async () => (await import('./commands/serve.js')).serveCommand,
  },
  {
    name: 'render', args: 'FILE.html', positionals: [1, 1], summary: 'render a Nunjucks HTML file to PDF (no server, no database)',
    flags: {
      output: { type: 'string', short: 'o', value: 'OUT.pdf', required: true, describe: 'where to write the PDF' },
      css: { type: 'string', value: 'FILE', describe: 'a stylesheet, as a template\'s CSS' },
      params: { type: 'string', value: 'FILE.json', describe: 'template variables (a JSON object; default {}); its "global" key is the account globals' },
      format: { type: 'string', value: 'A4', describe: 'page size (case-insensitive): Letter, Legal, Tabloid, Ledger, A0–A6' },
      'strict-variables': { type: 'boolean', describe: 'a variable the params do not define is an error, not an empty string' },
    },
    details: 'The template always runs through Nunjucks, as the service runs it. Relative resources resolve inside the\nHTML file\'s folder. Diagnostics go to stderr as file:line:col: code: message.',
    load: async () => (await import('./commands/render.js')).renderCommand,
  },
  {
    name: 'accounts create', positionals: [0, 0], summary: 'create an account → {id}',
    flags: { name: { type: 'string', value: 'N', required: true, describe: 'the account\'s name' } },
    load: async () => (await import('./commands/accounts.js')).accountsCreate,
  },
  { name: 'accounts list', positionals: [0, 0], summary: 'list the accounts', flags: {}, load: async () => (await import('./commands/accounts.js')).accountsList },
  {
    name: 'accounts subscription', args: 'ACCOUNT_ID', positionals: [1, 1], summary: 'set an account\'s subscription',
    flags: {
      status: { type: 'string', value: 'active|past_due|canceled', required: true, describe: 'the subscription status' },
      until: { type: 'string', value: 'ISO-8601', describe: 'end date (a date in the past is accepted with a warning: the account is refused at once)' },
    },
    load: async () => (await import('./commands/accounts.js')).accountsSubscription,
  },
  {
    name: 'keys create', positionals: [0, 0], summary: 'issue an API key → {id, key, prefix} (the key is shown once)',
    flags: { account, name: { type: 'string', value: 'N', describe: 'a label (default: "default")' } },
    load: async () => (await import('./commands/keys.js')).keysCreate,
  },
  { name: 'keys list', positionals: [0, 0], summary: 'list an account\'s keys by prefix', flags: { account }, load: async () => (await import('./commands/keys.js')).keysList },
  { name: 'keys revoke', args: 'KEY_ID', positionals: [1, 1], summary: 'revoke a key', flags: {}, load: async () => (await import('./commands/keys.js')).keysRevoke },
  {
    name: 'templates add', positionals: [0, 0], summary: 'check and save a template → {id, version, warnings}',
    flags: {
      account,
      name: { type: 'string', value: 'N', required: true, describe: 'the template\'s name' },
      html: { type: 'string', value: 'FILE', required: true, describe: 'the Nunjucks HTML' },
      css: { type: 'string', value: 'FILE', describe: 'its stylesheet' },
      sample: { type: 'string', value: 'FILE.json', describe: 'sample params: the template is rendered with them once and the engine\'s diagnostics shown' },
      id: { type: 'string', value: 'TEMPLATE_ID', describe: 'the template ID (default: a generated tpl_…); an existing one is refused without --replace' },
      replace: { type: 'boolean', describe: 'with --id of an existing template: save a new version of it (history and assets kept; CSS and sample kept unless given)' },
      'strict-variables': { type: 'boolean', describe: 'refuse the template when its sample params leave a variable undefined' },
    },
    details: 'Refused (exit 1, file:line:col: code: message): syntax errors, unknown filters and tests, blocked names,\ninclude/import/extends. Engine diagnostics of the sample rendering are warnings in the same form.',
    load: async () => (await import('./commands/templates.js')).templatesAdd,
  },
  { name: 'templates list', positionals: [0, 0], summary: 'list an account\'s templates', flags: { account }, load: async () => (await import('./commands/templates.js')).templatesList },
  { name: 'templates remove', args: 'TEMPLATE_ID', positionals: [1, 1], summary: 'delete a template with every version and asset', flags: {}, load: async () => (await import('./commands/templates.js')).templatesRemove },
  {
    name: 'templates push', args: 'DIR', positionals: [1, 1], summary: 'a template folder → a new version on a remote Platen, over HTTP',
    flags: {
      url: { type: 'string', value: 'URL', describe: 'the remote Platen (default: PLATEN_URL)' },
      key: { type: 'string', value: 'KEY', describe: 'an API key of the account (default: PLATEN_API_KEY)' },
      id: { type: 'string', value: 'TEMPLATE_ID', describe: 'the template ID (default: the folder\'s name)' },
      name: { type: 'string', value: 'N', describe: 'the template\'s name (default: the remote one, else the ID)' },
      'dry-run': { type: 'boolean', describe: 'show what would change, change nothing' },
    },
    details: 'The folder holds template.njk or index.html, style.css, sample.json and assets/…. Only what differs is sent,\nevery write conditional on the version the push started from (a concurrent deploy stops it with 412).',
    load: async () => (await import('./commands/remote.js')).pushCommand,
  },
  {
    name: 'templates pull', args: 'TEMPLATE_ID DIR', positionals: [2, 2], summary: 'a remote template → a folder (the layout push reads)',
    flags: {
      url: { type: 'string', value: 'URL', describe: 'the remote Platen (default: PLATEN_URL)' },
      key: { type: 'string', value: 'KEY', describe: 'an API key of the account (default: PLATEN_API_KEY)' },
      version: { type: 'string', value: 'N', describe: 'a stored version (default: the latest)' },
    },
    load: async () => (await import('./commands/remote.js')).pullCommand,
  },
  {
    name: 'globals set', positionals: [0, 0], summary: 'set an account\'s global variables (templates see them as `global`)',
    flags: { account, file: { type: 'string', value: 'FILE.json', required: true, describe: 'a JSON object' } },
    load: async () => (await import('./commands/accounts.js')).globalsSet,
  },
  {
    name: 'users create', positionals: [0, 0], summary: 'add a dashboard user to an account → {id} (the password is read from stdin)',
    flags: { account, email: { type: 'string', value: 'E', required: true, describe: 'the email the user signs in with' } },
    details: `The password is the first line of standard input (at least 10 characters), never a flag: it would be\nin the shell's history and in ps. For example: printf '%s\\n' "$PASSWORD" | platen users create --account acc_… --email a@b.example`,
    load: async () => (await import('./commands/users.js')).usersCreate,
  },
  { name: 'users list', positionals: [0, 0], summary: 'list an account\'s dashboard users', flags: { account }, load: async () => (await import('./commands/users.js')).usersList },
  {
    name: 'backup', positionals: [0, 0], summary: 'a consistent copy of the database, safe while serving',
    flags: { to: { type: 'string', value: 'FILE', required: true, describe: 'where to write the copy' } },
    load: async () => (await import('./commands/backup.js')).backupCommand,
  },
  {
    name: 'restore', positionals: [0, 0], summary: 'check a copy, keep the current database aside, restore (server stopped)',
    flags: { from: { type: 'string', value: 'FILE', required: true, describe: 'the copy to restore' } },
    load: async () => (await import('./commands/backup.js')).restoreCommand,
  },
];

export const COMMON_FLAGS: Readonly<Record<string, Flag>> = { data, json, help };

/** parseArgs options of a command: its flags and the common ones. */
export function optionsOf(command: Command): Options {
  const out: Options = {};
  for (const [name, f] of Object.entries({ ...COMMON_FLAGS, ...command.flags })) {
    out[name] = { type: f.type, ...(f.short ? { short: f.short } : {}) };
  }
  return out;
}

const flagWord = (name: string, f: Flag) => `--${name}${f.value ? ` ${f.value}` : ''}`;

/** `platen accounts create --name N` */
export function synopsis(c: Command): string {
  const flags = Object.entries(c.flags).map(([n, f]) => (f.required ? flagWord(n, f) : `[${flagWord(n, f)}]`));
  return ['platen', c.name, ...(c.args ? [c.args] : []), ...flags].join(' ');
}

/** The help of one command. */
export function commandHelp(c: Command): string {
  const rows = Object.entries({ ...c.flags, ...COMMON_FLAGS }).map(([n, f]) => [`${f.short ? `-${f.short}, ` : '    '}${flagWord(n, f)}`, f.describe] as const);
  const width = Math.max(...rows.map(([l]) => l.length));
  return [
    `usage: ${synopsis(c)} [--data DIR] [--json]`,
    '',
    `${c.summary[0]!.toUpperCase()}${c.summary.slice(1)}.`,
    ...(c.details ? ['', c.details] : []),
    '',
    'options:',
    ...rows.map(([l, d]) => `  ${l.padEnd(width)}  ${d}`),
    '',
  ].join('\n');
}

/** The commands whose name starts with `prefix` (all of them for ''). */
export function commandsUnder(prefix: string): Command[] {
  return COMMANDS.filter((c) => prefix === '' || c.name === prefix || c.name.startsWith(`${prefix} `));
}

/** The list of commands (all, or a group's), with one summary each. */
export function listHelp(prefix: string, version: string): string {
  const list = commandsUnder(prefix);
  const width = Math.min(44, Math.max(...list.map((c) => `${c.name}${c.args ? ` ${c.args}` : ''}`.length)));
  const head = prefix === ''
    ? [`platen ${version}: self-hosted HTML/CSS → PDF`, '', 'usage: platen <command> [options] [--data DIR] [--json]', '       platen <command> --help     the command\'s own options', '       platen --version']
    : [`usage: platen ${prefix} <${[...new Set(list.map((c) => c.name.split(' ')[1]))].join('|')}> [options]`];
  return [...head, '', 'commands:', ...list.map((c) => `  ${`${c.name}${c.args ? ` ${c.args}` : ''}`.padEnd(width)}  ${c.summary}`), ''].join('\n');
}
