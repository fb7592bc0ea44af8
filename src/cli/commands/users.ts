// platen users create | list (flags: ../table.ts)
// Dashboard users: the password never appears on the command line (it would be in the shell's
// history and in `ps`); it is the first line of standard input.
import { readFileSync } from 'node:fs';
import { createStore, openDatabase, UserInputError, type User } from '../../store';
import type { Parsed } from '../args';
import { configFor, withStore } from '../db';
import { CliError, createIo, table, UsageError } from '../io';

function userJson(u: User): Record<string, unknown> {
  return { id: u.id, accountId: u.accountId, email: u.email, createdAt: u.createdAt };
}

/** The password: stdin's first line (its newline is not part of it). */
export function readPassword(read: () => string = () => readFileSync(0, 'utf8')): string {
  let text: string;
  try {
    text = read();
  } catch (err) {
    throw new CliError(`cannot read the password from standard input: ${(err as Error).message}`);
  }
  const password = text.split(/\r?\n/)[0] ?? '';
  if (password === '') throw new UsageError('the password is read from standard input: pipe it in, e.g. printf \'%s\\n\' "$PASSWORD" | platen users create …');
  return password;
}

export async function usersCreate(p: Parsed): Promise<void> {
  const accountId = p.str('account')!;
  const email = p.str('email')!;
  const password = readPassword();
  const db = openDatabase({ dataDir: configFor(p).dataDir });
  let user: User;
  try {
    const store = createStore(db);
    if (!store.accounts.get(accountId)) throw new CliError(`no account ${accountId}`);
    user = await store.users.create({ accountId, email, password });
  } catch (err) {
    if (err instanceof UserInputError) throw new CliError(err.message);
    throw err;
  } finally {
    db.close();
  }
  createIo(p.json).result(userJson(user), `created user ${user.email} (${user.id}) for account ${accountId}; they sign in at /dashboard`);
}

export function usersList(p: Parsed): void {
  const users = withStore(p, (store) => store.users.list(p.str('account')!)).map(userJson);
  createIo(p.json).result({ users }, table(users, [['id', 'ID'], ['email', 'EMAIL'], ['createdAt', 'CREATED']]));
}
