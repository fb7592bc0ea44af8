// Child process for the kill -9 test: creates API keys through the store as fast as it can and
// prints each acknowledged key id (after its INSERT committed) on its own line, synchronously,
// so every id the parent reads was acknowledged before the process was killed.
//   node keyBurst.js DATA_DIR ACCOUNT_ID
import { writeSync } from 'node:fs';
import { createStore, openDatabase } from '../../../src/store';

const [dataDir, accountId] = process.argv.slice(2);
const store = createStore(openDatabase({ dataDir: dataDir! }));
writeSync(1, 'ready\n');
for (let i = 0; ; i++) {
  const { apiKey } = store.apiKeys.create({ accountId: accountId!, name: `burst ${i}` });
  writeSync(1, `${apiKey.id}\n`);
  if (i % 10 === 0) store.templates.save({ accountId: accountId!, id: `burst-${i}`, name: `burst ${i}`, html: `<p>${i}</p>` });
}
