// platen backup --to FILE      a consistent online copy (SQLite backup API), safe while serving
// platen restore --from FILE   brings a copy back; the server must be stopped (see store/backup.ts)
import { isAbsolute, resolve } from 'node:path';
import { backupDatabase, BackupError, restoreDatabase } from '../../store/backup';
import { openDatabase } from '../../store';
import type { Parsed } from '../args';
import { configFor } from '../db';
import { CliError, createIo } from '../io';

const absolute = (p: string) => (isAbsolute(p) ? p : resolve(p));

export async function backupCommand(p: Parsed): Promise<void> {
  const to = absolute(p.str('to')!);
  const db = openDatabase({ dataDir: configFor(p).dataDir });
  try {
    const info = await backupDatabase(db, to);
    createIo(p.json).result({ ...info }, `backed up ${info.pages} pages (${info.bytes} bytes, schema ${info.schemaVersion}) to ${info.file}; integrity ok`);
  } catch (err) {
    if (err instanceof BackupError) throw new CliError(err.message);
    throw err;
  } finally {
    db.close();
  }
}

export async function restoreCommand(p: Parsed): Promise<void> {
  const from = absolute(p.str('from')!);
  try {
    const info = await restoreDatabase({ dataDir: configFor(p).dataDir, from });
    createIo(p.json).result({ ...info }, `restored ${info.database} from ${info.from}${info.previous ? `; the database it replaced is kept as ${info.previous}` : ''}`);
  } catch (err) {
    if (err instanceof BackupError) throw new CliError(err.message);
    throw err;
  }
}
