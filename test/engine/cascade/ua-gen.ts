// Regenerates src/engine/cascade/ua.ts from ua.css (the engine does no I/O, so the sheet
// is embedded as a string). Run after editing ua.css:
//   npx tsc -p tsconfig.json && node dist/test/engine/cascade/ua-gen.js
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../src/paths';

export function uaModuleText(css: string): string {
  return [
    '// GENERATED from ua.css by test/engine/cascade/ua-gen.ts (the engine may not read files',
    '// at run time). Edit ua.css, then: npx tsc -p tsconfig.json && node dist/test/engine/cascade/ua-gen.js',
    '// A test fails when this file and ua.css differ.',
    `export const UA_CSS: string = ${JSON.stringify(css)};`,
    '',
  ].join('\n');
}

if (require.main === module) {
  const dir = join(repoRoot, 'src/engine/cascade');
  writeFileSync(join(dir, 'ua.ts'), uaModuleText(readFileSync(join(dir, 'ua.css'), 'utf8')));
  console.log('wrote src/engine/cascade/ua.ts');
}
