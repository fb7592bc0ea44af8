// The README's CLI section says what the CLI does: one line per command, exactly the usage line
// its --help prints (the table in src/cli/table.ts), and the help, version and exit-code rules.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, synopsis } from '../../src/cli/table';
import { repoRoot } from '../../src/paths';

describe('README: the CLI section', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The CLI'), readme.indexOf('A whole setup from scratch'));
  const block = /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  // a command line starts at the left margin; indented lines continue the one above
  const lines = block.split('\n').filter((l) => l !== '' && !l.startsWith(' ')).map((l) => l.split(/ {2,}/)[0]!.trim());

  it('lists every command with the usage line its --help prints, and nothing else', () => {
    const expected = COMMANDS.map((c) => synopsis(c).replace(/^platen /, ''));
    expect(lines).to.have.members(expected);
    expect(lines).to.have.length(expected.length);
  });

  it('documents --help / -h, --version and the exit codes', () => {
    for (const words of ['`--help` / `-h`', '`platen --version`', 'exit code 2', 'exits 1', '`--strict-variables`', '`--replace`']) expect(section).to.contain(words);
  });
});
