// Writes src/engine/fonts/coverage.json: the character map of every shipped face, so the
// (file-less) engine can split text runs by glyph coverage. Run after changing data/fonts:
//   npx tsc -p tsconfig.json && node dist/test/engine/fonts/gen-coverage.js
// test/engine/fonts/coverage.test.ts fails when the committed file and the fonts disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { CodePointSet } from '../../../src/engine/fonts/coverage';
import { shippedFaceFiles } from '../../../src/engine/fonts/families';
import { fontsDir, repoRoot } from '../../../src/paths';

/** The coverage.json content for the fonts currently in data/fonts, as a string. */
export function generateCoverageJson(): string {
  const faces: Record<string, string> = {};
  for (const file of shippedFaceFiles()) {
    const font = fontkit.create(readFileSync(join(fontsDir, file)));
    if ('fonts' in font) throw new Error(`${file} is a font collection`);
    faces[file] = CodePointSet.fromCodePoints(font.characterSet).encode();
  }
  return `${JSON.stringify({ faces }, null, 1)}\n`;
}

export const coverageJsonPath = join(repoRoot, 'src', 'engine', 'fonts', 'coverage.json');

if (require.main === module) {
  const json = generateCoverageJson();
  writeFileSync(coverageJsonPath, json);
  process.stdout.write(`wrote ${coverageJsonPath} (${json.length} bytes)\n`);
}
