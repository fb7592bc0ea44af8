// Where the repository's shipped files live, from src/ (ts) or dist/src/ (js) alike.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findRepoRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'data'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`platen: cannot find the repository root above ${start}`);
    dir = up;
  }
}

export const repoRoot = findRepoRoot(__dirname);
export const fontsDir = join(repoRoot, 'data', 'fonts');
export const fixturesDir = join(repoRoot, 'fixtures');
