// Regenerates src/engine/cascade/ua.ts from ua.css (the engine does no I/O, so the sheet
// is embedded as a string). Run after editing ua.css:
//   npx tsc -p tsconfig.json && node dist/test/engine/cascade/ua-gen.js
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../src/paths';

export function uaModuleText(css: string, quirks: string): string {
  return [
    '// GENERATED from ua.css and quirks.css by test/engine/cascade/ua-gen.ts (the engine may not',
    '// read files at run time). Edit the .css files, then: npx tsc -p tsconfig.json && node dist/test/engine/cascade/ua-gen.js',
    '// A test fails when this file and the .css files differ.',
    `export const UA_CSS: string = ${JSON.stringify(css)};`,
    '',
    `export const QUIRKS_CSS: string = ${JSON.stringify(quirks)};`,
    '',
  ].join('\n');
}

if (require.main === module) {
  const dir = join(repoRoot, 'src/engine/cascade');
  writeFileSync(join(dir, 'ua.ts'), uaModuleText(readFileSync(join(dir, 'ua.css'), 'utf8'), readFileSync(join(dir, 'quirks.css'), 'utf8')));
  console.log('wrote src/engine/cascade/ua.ts');
}
